import { start } from "./harness.mjs";
import { chromium } from "playwright-core";
const h = await start();
for (const js of [false, true]) {
  const { page, errors } = await h.open("/results", { setup: async (ctx) => { if (!js) await ctx.route("**/*.{js,wasm}", (r) => r.abort()); } });
  if (js) await page.getByTestId("ranking-section").waitFor(); else await page.waitForTimeout(500);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/results-${js ? "js" : "nojs"}.png`, fullPage: true });
  console.log(js, errors);
}
await h.close();
