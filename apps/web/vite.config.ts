import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Server pages under /ctpo that the browser navigates to: sign-in and sign-out, the built-in identity provider's
 * pages and the API docs. (Run the server with PUBLIC_URL=http://localhost:5173 to keep the sign-in on vite.)
 */
const SERVER_PAGES = ['/ctpo/auth/', '/ctpo/oidc', '/ctpo/docs'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/ctpo': {
        target: 'http://localhost:8080',
        // SPA routes such as /ctpo/study-plans/ share the /ctpo prefix with the API: a page navigation
        // (Accept: text/html) gets index.html from vite, everything else goes to the API server.
        bypass(req) {
          const url = req.url ?? '';
          const isPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
          if (isPage && !SERVER_PAGES.some((prefix) => url.startsWith(prefix))) return '/index.html';
          return undefined;
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The two chunks above vite's 500 kB default load only when used: exceljs (930 kB) on the first export and
    // echarts' core (525 kB) on the first chart. The first page's budget (300 KB gzip) is measured separately
    // (npm run measure:first-page -w e2e).
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // Vendor groups change rarely, so they stay cached across releases of the app code.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'mui',
              // Not @mui/x-*: the date pickers go with the lazily loaded calendar panel, not the first page. (No group
              // of their own either: a group takes in its modules' dependencies, which would pull @mui/material
              // modules out of this chunk and make the first page load the pickers' chunk.)
              test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|react-transition-group|stylis)/,
              priority: 20,
            },
            // zod itself is a vendor library like the others. The modules of @predict/shared have no group: each
            // goes into the chunk of the screens that use it (the package is side-effect free, so what no screen
            // uses is dropped), and the first page carries only its own schemas.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 25 },
            { name: 'table', test: /node_modules[\\/]@tanstack[\\/](react-)?table/, priority: 15 },
            { name: 'data', test: /node_modules[\\/](@tanstack|notistack|dayjs|goober)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
