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
              test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)/,
              priority: 20,
            },
            // The shared contracts (zod schemas and constants) of @predict/shared.
            { name: 'shared', test: /[\\/]packages[\\/]shared[\\/]|node_modules[\\/]zod[\\/]/, priority: 25 },
            { name: 'table', test: /node_modules[\\/]@tanstack[\\/](react-)?table/, priority: 15 },
            { name: 'data', test: /node_modules[\\/](@tanstack|notistack|dayjs|goober)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
