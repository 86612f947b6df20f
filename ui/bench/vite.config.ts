import { defineConfig } from "vite";

// Builds the chat-render benchmark page into ui/bench/dist (never ui/dist).
const here = decodeURIComponent(new URL(".", import.meta.url).pathname);

export default defineConfig({
  root: here,
  base: "./",
  clearScreen: false,
  logLevel: "warn",
  esbuild: {
    jsx: "automatic",
    jsxImportSource: "preact",
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: ["es2021", "chrome105", "safari15"],
    sourcemap: false,
  },
});
