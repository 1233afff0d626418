// Measures the drawn map as Chromium lays it out (tests/test_reports.py): every counter and
// mark's centre tested against its own province's area, every province code's box against
// every counter, mark, move line and arrowhead, the counters against each other, every mark
// against every other mark and every counter, each mark's text against its own shape (where
// the map is drawn at full size or more); the windows a phone shows; what the legend
// explains; the colours the page's scheme gives the map.
(reader) => {
  const svg = document.querySelector('#map');
  const ctm = svg.getScreenCTM();
  const inv = ctm.inverse();
  const areas = {};
  svg.querySelectorAll('path.province').forEach(p => { areas[p.dataset.code] = p; });
  const box = r => [r.left, r.top, r.right, r.bottom];
  const labels = [...svg.querySelectorAll('text.label')].map(
    e => [e.dataset.code, box(e.getBoundingClientRect())]);
  const things = [];
  const outside = [];
  for (const g of svg.querySelectorAll('g.stack, g.mark')) {
    const r = (g.querySelector('rect.counter') || g).getBoundingClientRect();
    const p = new DOMPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2).matrixTransform(inv);
    const point = svg.createSVGPoint();
    point.x = p.x;
    point.y = p.y;
    const kind = g.classList.contains('stack') ? 'stack' : 'mark';
    if (!areas[g.dataset.province].isPointInFill(point)) {
      outside.push(kind + ' ' + g.dataset.province);
    }
    things.push([kind + ' ' + g.dataset.province, box(g.getBoundingClientRect())]);
  }
  const segments = [];
  for (const line of svg.querySelectorAll('polyline.move-line')) {
    const points = [...line.points].map(p => new DOMPoint(p.x, p.y).matrixTransform(ctm));
    for (let i = 1; i < points.length; i++) {
      segments.push(['move ' + line.dataset.player, points[i - 1], points[i]]);
    }
    const end = points[points.length - 1];
    const half = ctm.a * 6;  // the arrowhead about the line's end
    things.push(['head ' + line.dataset.player, [end.x - half, end.y - half, end.x + half,
                                                 end.y + half]]);
  }
  const meet = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5
    && b[1] < a[3] - 0.5;
  const crosses = (p, q, b) => {  // Liang-Barsky
    let low = 0, high = 1;
    const dx = q.x - p.x, dy = q.y - p.y;
    for (const [pp, qq] of [[-dx, p.x - b[0]], [dx, b[2] - p.x], [-dy, p.y - b[1]],
                            [dy, b[3] - p.y]]) {
      if (pp === 0) { if (qq <= 0) return false; continue; }
      const t = qq / pp;
      if (pp < 0) low = Math.max(low, t); else high = Math.min(high, t);
      if (low >= high) return false;
    }
    return true;
  };
  const covered = [];
  for (const [code, label] of labels) {
    for (const [name, b] of things) if (meet(label, b)) covered.push(['label ' + code, name]);
    for (const [name, p, q] of segments) {
      if (crosses(p, q, label)) covered.push(['label ' + code, name]);
    }
  }
  const counters = [...svg.querySelectorAll('g.stack rect.counter')].map(
    e => box(e.getBoundingClientRect()));
  let overlaps = 0;
  for (let i = 0; i < counters.length; i++) {
    for (let j = i + 1; j < counters.length; j++) if (meet(counters[i], counters[j])) overlaps++;
  }
  // marks: never over another mark or a counter (the whole stack's drawing, its shadow
  // included), each one's text inside its own disc or pill
  const stacks = [...svg.querySelectorAll('g.stack')].map(
    g => [g.dataset.province + ' ' + g.dataset.kind, box(g.getBoundingClientRect())]);
  const marks = [...svg.querySelectorAll('g.mark')].map(
    g => [g.dataset.province + ' ' + g.classList[1], box(g.getBoundingClientRect()), g]);
  const markMark = [], markCounter = [], markText = [];
  for (let i = 0; i < marks.length; i++) {
    for (let j = i + 1; j < marks.length; j++) {
      if (meet(marks[i][1], marks[j][1])) markMark.push(marks[i][0] + ' x ' + marks[j][0]);
    }
    for (const [name, b] of stacks) {
      if (meet(marks[i][1], b)) markCounter.push(marks[i][0] + ' x ' + name);
    }
    const text = marks[i][2].querySelector('text');
    const shape = marks[i][2].querySelector('rect, circle');
    // drawn small (a phone's whole map), text is laid out at whole pixels: its box says
    // nothing of the drawing, which the windows show large
    if (text && text.textContent && ctm.a >= 0.9) {
      const t = text.getBoundingClientRect(), s = shape.getBoundingClientRect();
      if (t.left < s.left + ctm.a || t.right > s.right - ctm.a) {
        markText.push(marks[i][0] + ' ' + text.textContent);
      }
    }
  }
  // the windows a phone shows, open: how large a code is written in each, and which of the
  // reader's stacks none of them shows
  const windows = [...document.querySelectorAll('details[open] svg.window')].filter(
    w => w.getBoundingClientRect().width > 0);
  const sizes = windows.map(w => w.getScreenCTM().a * 11);
  const unseen = [...svg.querySelectorAll('g.stack')].filter(
    g => reader && g.dataset.owners.split(' ').includes(reader)).filter(g => !windows.some(w => {
      const [x, y, width, height] = w.getAttribute('viewBox').split(' ').map(Number);
      return +g.dataset.x >= x && +g.dataset.x <= x + width && +g.dataset.y >= y
        && +g.dataset.y <= y + height;
    })).map(g => g.dataset.province);
  const legend = [...document.querySelectorAll('ul.legend li')].map(
    li => li.dataset.kind + ':' + li.dataset.key);
  const drawn = new Set();
  svg.querySelectorAll('g.stack').forEach(g => drawn.add(
    (g.dataset.kind === 'stack' ? 'counter' : g.dataset.kind) + ':'));
  svg.querySelectorAll('g.mark').forEach(g => drawn.add(g.classList[1] + ':'));
  if (svg.querySelector('g.mark[data-more]')) drawn.add('more:');
  svg.querySelectorAll('path.province').forEach(p => drawn.add(
    (['', 'contested'].includes(p.dataset.holder) ? 'area:' : 'player:') + p.dataset.holder));
  if (svg.querySelector('polyline.move-line')) drawn.add('move:');
  const explained = [...drawn].filter(k => !legend.some(
    entry => entry === k || (k.endsWith(':') && entry.startsWith(k))));
  const fill = selector => getComputedStyle(svg.querySelector(selector)).fill;
  return {
    outside, covered, overlaps, markMark, markCounter, markText,
    stacks: things.filter(t => t[0].startsWith('stack')).length,
    marks: svg.querySelectorAll('g.mark').length, moves: segments.length, sizes, unseen,
    unexplained: explained,
    colours: [fill('rect.sea'), fill('path.province[data-holder=""]'), fill('text.label')],
  };
}
