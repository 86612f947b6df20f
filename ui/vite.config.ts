import { defineConfig } from "vite";

// Preact's JSX runtime through Vite's built-in esbuild; no framework plugin needed.
export default defineConfig({
  clearScreen: false,
  esbuild: {
    jsx: "automatic",
    jsxImportSource: "preact",
  },
  server: {
    port: 5173,
    strictPort: true,
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // WebKitGTK / WKWebView on the oldest supported systems, and WebView2.
    target: ["es2021", "chrome105", "safari15"],
    sourcemap: false,
  },
});
