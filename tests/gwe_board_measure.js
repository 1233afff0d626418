// Measures Great War in the East's hex map as Chromium lays it out (tests/test_gwe_report_chromium.py):
// every counter inside its own hex (its corners tested against the hex's polygon), every hex id
// and place name against every counter (its whole drawing: the stack's shadow, its marks), the
// counters against each other; in each phone window, the smallest text as drawn (CSS px) and
// the reader's counters it shows.
() => {
  const svg = document.querySelector('#board');
  const inv = svg.getScreenCTM().inverse();
  const hexes = {};
  svg.querySelectorAll('polygon.hex').forEach(p => { hexes[p.dataset.hex] = p; });
  const box = r => [r.left, r.top, r.right, r.bottom];
  const meet = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5
    && b[1] < a[3] - 0.5;
  const inside = (hex, x, y) => {
    const p = new DOMPoint(x, y).matrixTransform(inv);
    const point = svg.createSVGPoint();
    point.x = p.x;
    point.y = p.y;
    return hexes[hex].isPointInFill(point);
  };
  const outside = [];
  const stacks = [];
  for (const g of svg.querySelectorAll('g.stack')) {
    const r = g.querySelector('rect.counter').getBoundingClientRect();
    const corners = [[r.left, r.top], [r.right, r.top], [r.left, r.bottom], [r.right, r.bottom]];
    if (!corners.every(([x, y]) => inside(g.dataset.hex, x, y))) outside.push(g.dataset.hex);
    stacks.push([g.dataset.hex, box(g.getBoundingClientRect()), box(r)]);
  }
  const labels = [...svg.querySelectorAll('text.label, text.hex-id')].map(
    t => [t.classList[0] + ' ' + t.dataset.hex, box(t.getBoundingClientRect())]);
  const covered = [];
  for (const [name, b] of labels) {
    for (const [hex, s] of stacks) if (meet(b, s)) covered.push(name + ' under ' + hex);
  }
  let overlaps = 0;
  for (let i = 0; i < stacks.length; i++) {
    for (let j = i + 1; j < stacks.length; j++) if (meet(stacks[i][1], stacks[j][1])) overlaps++;
  }
  const smallest = Math.min(...[...svg.querySelectorAll('#board-body text')].map(
    t => parseFloat(getComputedStyle(t).fontSize)));
  const own = [...svg.querySelectorAll('g.stack[data-own]')].map(g => {
    const r = g.querySelector('rect.counter');
    const b = r.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  });
  const windows = [...document.querySelectorAll('svg.board-window')].map(w => {
    const r = w.getBoundingClientRect();
    const [x, y, width, height] = w.getAttribute('viewBox').split(' ').map(Number);
    return {shown: r.width > 0, size: smallest * r.width / width,
            own: own.filter(([cx, cy]) => cx >= x && cx < x + width && cy >= y
                            && cy < y + height).length};
  });
  return {stacks: stacks.length, outside, covered, overlaps, smallest, windows,
          labels: labels.length};
}
