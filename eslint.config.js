// ESLint for the whole project (run by `npm test` and `npm run lint`). Recommended rules of
// typescript-eslint, React and its hooks, plus the layering the code keeps:
//   - app/lib is pure and below everything: it imports no model, route, component or the root, not
//     even for types;
//   - app/components (also rendered in the admin's browser) loads no model and no *.server module at
//     run time (`import type` is erased and may name a model's types);
//   - app/models take plain values and return data: they import no route and nothing of app/utils
//     (the HTTP side: cookies, sessions, CSRF, forms, statuses);
//   - KaTeX, mysql2 and drizzle's runtime are imported only by *.server modules, app/db and scripts:
//     a route that imported katex shipped 77 KB gzipped of it to the browser;
//   - routes and components import only types from app/db/schema: a value from it (a list of
//     choices, say) drags the schema and drizzle's runtime into the browser bundle, where they do
//     not work, and the admin page falls into its error boundary once it hydrates. Such values
//     live in app/lib.
import js from "@eslint/js";
import globals from "globals";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const serverOnlyPackages = [
  { name: "katex", message: "KaTeX renders on the server: import it from a *.server.ts module." },
  { name: "mysql2", message: "The database is reached from *.server.ts modules only." },
  { name: "mysql2/promise", message: "The database is reached from *.server.ts modules only." },
  { name: "drizzle-orm", message: "Queries live in app/models/*.server.ts.", allowTypeImports: true },
];

// Types from the schema are erased; a value brings the whole schema (and drizzle) to the browser.
const schemaValues = {
  group: ["~/db/schema", "**/db/schema"],
  allowTypeImports: true,
  message: "A value from app/db/schema brings drizzle into the browser bundle, where it breaks: put the value in app/lib and import it from there (types are fine).",
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      ".cache/**",
      ".data/**",
      "node_modules/**",
      "drizzle/meta/**",
      "test-results/**",
      "playwright-report/**",
      "app/styles/fonts/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "18.3" } },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // Types come from TypeScript; props are typed, not prop-typed.
      "react/prop-types": "off",
      // Bangla text is full of quotes and apostrophes; React escapes them anyway.
      "react/no-unescaped-entities": "off",
      // Input cleaning strips control characters on purpose, and Bangla vowel signs and conjunct
      // joiners belong in the character classes of the search's text rules.
      "no-control-regex": "off",
      "no-misleading-character-class": "off",
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
      // Unused on purpose: `_name` for a destructured field left out of an object.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "no-unused-vars": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
      "no-control-regex": "off",
    },
  },
  {
    // The audit's checks run inside the page (Playwright's evaluate).
    files: ["scripts/audit.mjs", "e2e/**/*.ts"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["app/enhance/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/models/*", "~/models", "../models/*"], message: "app/lib is below the models: it may not import them, not even for types." },
            { group: ["~/routes/*", "~/components/*", "~/root", "../routes/*", "../components/*", "../root"], message: "app/lib is pure: no routes, components or the root." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    ignores: ["app/lib/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: serverOnlyPackages,
          patterns: [
            { group: ["~/models/*", "~/models", "../models/*"], message: "app/lib is below the models: it may not import them, not even for types." },
            { group: ["~/routes/*", "~/components/*", "~/root", "../routes/*", "../components/*", "../root"], message: "app/lib is pure: no routes, components or the root." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/models/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/utils/*", "../utils/*", "../../utils/*"], message: "Models do not do HTTP: the request side lives in app/utils and routes, which call the models." },
            { group: ["~/routes/*", "~/components/*", "~/root"], message: "Models are below routes and components." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: serverOnlyPackages,
          patterns: [
            { group: ["~/models/*", "../models/*"], allowTypeImports: true, message: "Components are rendered in the browser too: load data in a route, import only types from models." },
            { group: ["**/*.server", "*.server"], allowTypeImports: true, message: "A *.server module may not reach the browser bundle." },
            schemaValues,
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx", "app/entry.client.tsx"],
    ignores: ["app/routes/**/*.server.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: serverOnlyPackages, patterns: [schemaValues] }],
    },
  },
);
