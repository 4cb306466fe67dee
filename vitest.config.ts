import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [
    {
      // Remix's compiler turns `import href from "x.css"` into a URL; in tests a placeholder URL will do.
      name: "css-as-url",
      enforce: "pre",
      load(id) {
        if (/\.css(\?.*)?$/.test(id)) return `export default "/test-stylesheet.css";`;
        return null;
      },
    },
  ],
  test: {
    globals: true,
    include: ["tests/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    // Remix's data hooks answer with what a test renders with (tests/support/render.ts).
    setupFiles: ["tests/support/remix-hooks.ts"],
    // Integration tests share one test database: run files one after another.
    fileParallelism: false,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
