/**
 * The one enhancement script for public pages (built by ./build.mjs). Pages never hydrate React;
 * everything here enhances server HTML via data attributes and event delegation, so the same
 * markup keeps working when this script is missing, blocked or fails to parse.
 */
import { initAttempt } from "./attempt";
import { initAutosubmit } from "./autosubmit";
import { initCarousel, initCarousels } from "./carousel";
import { initCountdown } from "./countdown";
import { initPlayer } from "./player";
import { initPresence } from "./presence";
import { initPrint } from "./print";
import { initQuiz } from "./quiz";
import { initScroll } from "./scroll";
import { initSuggest } from "./suggest";
import { initSwap, onReplaced } from "./swap";
import { initThumbs } from "./thumbs";

// As early as possible, so CSS can switch to the JS variants (e.g. hide the to-top link) before paint.
document.documentElement.classList.add("js");

const w = window as Window & { grbdEnhanced?: boolean };

function start(): void {
  if (w.grbdEnhanced) return; // the script included twice must not double every listener
  w.grbdEnhanced = true;
  // Isolated so one failing behaviour leaves the others (and the no-JS fallbacks) working.
  for (const init of [initScroll, initCarousel, initSwap, initPresence, initThumbs, initPlayer, initAttempt, initAutosubmit, initQuiz, initSuggest, initCountdown, initPrint]) {
    try {
      init();
    } catch (err) {
      console.error(err);
    }
  }
  onReplaced(initCarousels); // carousels arriving in swapped content
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
