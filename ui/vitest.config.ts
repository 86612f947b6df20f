import { defineConfig, mergeConfig } from "vitest/config";

import app from "./vite.config";

// UI unit tests (ui/test/): pure logic in Node, components in happy-dom. The real
// webview is exercised end to end by tests/e2e; these pin down the parts a window
// test cannot reach case by case (Markdown reading and sanitising, delta batching).
export default mergeConfig(
  app,
  defineConfig({
    test: {
      include: ["test/**/*.test.{ts,tsx}"],
      environment: "happy-dom",
      restoreMocks: true,
    },
  }),
);
