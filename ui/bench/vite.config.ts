import { defineConfig } from "vite";

// Builds the benchmark pages into ui/bench/dist (never ui/dist): index.html (the chat's
// streamed-reply rendering) and voices.html (the TTS voice board with 10,000 voices).
const here = decodeURIComponent(new URL(".", import.meta.url).pathname);

export default defineConfig({
  root: here,
  base: "./",
  clearScreen: false,
  logLevel: "warn",
  resolve: {
    // No IPC from a benchmark page: the UI's only door to the core (ui/src/ipc) gets a stub
    // that counts attempts instead of the Tauri API (see tauri-stub.ts).
    alias: [{ find: /^@tauri-apps\/api\/(core|event)$/, replacement: `${here}tauri-stub.ts` }],
  },
  esbuild: {
    jsx: "automatic",
    jsxImportSource: "preact",
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: ["es2021", "chrome105", "safari15"],
    sourcemap: false,
    rollupOptions: {
      input: {
        chat: `${here}index.html`,
        voices: `${here}voices.html`,
      },
    },
  },
});
