// Measures the JavaScript the browser loads for the first page (the study list after sign-in), gzip-compressed.
// Usage: start the app (npm start), then: npm run measure:first-page -w e2e -- [http://localhost:8080]
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { e2eEnv } from './env';

const base = process.argv[2] ?? 'http://localhost:8080';
const browser = await chromium.launch({
  executablePath: e2eEnv.chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
// Start at the sign-in page itself, so that every script of the app is loaded after it, fresh.
await page.goto(`${base}/ctpo/auth/login?returnTo=%2Fctpo%2Fstudy-plans%2F`);
await page.getByLabel('Username').fill('planner');
await page.getByLabel('Password').fill('planner-demo');
// Count only what the app itself loads after sign-in.
const scripts = new Map();
page.on('response', async (response) => {
  if (response.request().resourceType() !== 'script') return;
  const body = await response.body().catch(() => null);
  if (body) scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body).length });
});
await page.getByRole('button', { name: 'Sign in' }).click();
await page.locator('tbody tr').first().waitFor();
await page.waitForLoadState('networkidle');
await browser.close();

let raw = 0;
let gzip = 0;
for (const [url, size] of scripts) {
  raw += size.raw;
  gzip += size.gzip;
  console.log(`${(size.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${new URL(url).pathname}`);
}
console.log(
  `first page JS: ${scripts.size} files, ${(raw / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`,
);
