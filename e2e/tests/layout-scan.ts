/**
 * The layout scan's checks, run inside the page (a string function: the e2e workspace is typed for Node, not the
 * DOM). It answers one line per problem a reader would see:
 * - the page scrolls sideways;
 * - text wrapped one or two characters per line (a column squeezed to nothing);
 * - a column header, button or tab whose label is wider than its box (cut, or spilling over its neighbour);
 * - a table cut by a box that does not scroll;
 * - a table's first column or its row menu (a button in the last cell of the first row) outside the window or
 *   outside the box it scrolls in.
 */
export const SCAN_PAGE = `(() => {
  const problems = [];
  const vw = window.innerWidth;
  const describe = (el) => {
    const text = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ');
    return el.tagName.toLowerCase() + " '" + text.slice(0, 50) + "'";
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && !el.closest('[aria-hidden="true"]');
  };
  const scroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o !== 'visible') return { box: p, scrolls: o === 'auto' || o === 'scroll' };
    }
    return null;
  };

  if (document.documentElement.scrollWidth > vw + 1)
    problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px in a ' + vw + ' px window');

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const letters = node.textContent.replace(/\\s/g, '');
    const el = node.parentElement;
    if (letters.length < 4 || !el || el.closest('svg, script, style, option, canvas') || !shown(el)) continue;
    range.selectNodeContents(node);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    if (lines >= 3 && letters.length / lines <= 2.5)
      problems.push('text wrapped per character (' + lines + ' lines): ' + describe(el));
  }

  // Text a reader sees: not only a visually hidden label (a 1 px box).
  const hasShownText = (el) => {
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode(); t; t = texts.nextNode())
      if (t.textContent.trim() && t.parentElement && shown(t.parentElement)) return true;
    return false;
  };
  for (const el of document.querySelectorAll('th, [role="columnheader"], button, [role="tab"]')) {
    if (!shown(el) || !hasShownText(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1) problems.push('label wider than its box: ' + describe(el));
  }

  for (const table of document.querySelectorAll('table')) {
    if (!shown(table)) continue;
    const around = scroller(table);
    const inside = around ? around.box.getBoundingClientRect() : { left: 0, right: vw };
    if (around && !around.scrolls && around.box.scrollWidth > around.box.clientWidth + 1)
      problems.push('table cut by a box that does not scroll: ' + describe(table));
    const left = Math.max(0, inside.left) - 1;
    const right = Math.min(vw, inside.right) + 1;
    const first = table.querySelector('thead th, thead [role="columnheader"]');
    if (first && shown(first)) {
      const r = first.getBoundingClientRect();
      if (r.left < left || r.right > right) problems.push('first column outside the window: ' + describe(first));
    }
    const row = table.querySelector('tbody tr');
    const menu = row && row.lastElementChild && row.lastElementChild.querySelector('button');
    if (menu && shown(menu)) {
      const r = menu.getBoundingClientRect();
      if (r.left < left || r.right > right) problems.push('row menu outside the window: ' + describe(menu));
    }
  }
  return problems;
})()`;
