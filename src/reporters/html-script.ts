// The HTML report's one inline script: the filters (status, class, text) over the variants of the page.
// Progressive enhancement: the filter form is hidden until this runs, and without it the page shows everything.
// The elements of one variant (its row in "All cases", its detail blocks) share a `data-v` key and carry
// `data-status` and `data-class`; a section.group is hidden when none of its variants is shown. The state
// lives in the URL hash (`#filter?status=fail&class=sql&q=word`), so a link reopens the same view; other
// hashes (the case anchors) are left alone. Plain browser JavaScript: no dependency, no eval, no network.
export const FILTER_SCRIPT: string = `
(() => {
  'use strict';
  const form = document.getElementById('filters');
  if (form === null) return;
  const PREFIX = '#filter?';
  const variants = new Map();
  for (const el of document.querySelectorAll('[data-v]')) {
    let v = variants.get(el.dataset.v);
    if (v === undefined) {
      v = { status: el.dataset.status, cls: el.dataset.class, text: '', els: [] };
      variants.set(el.dataset.v, v);
    }
    v.els.push(el);
    // why: a row holds the id, title, class, note and request; a detail block adds its findings and error
    const parts = el.tagName === 'TR' ? [el] : el.querySelectorAll('.findings, .error-message');
    for (const part of parts) v.text += ' ' + part.textContent.toLowerCase();
  }
  const statusBoxes = [...form.querySelectorAll('input[name="status"]')];
  const classSelect = form.querySelector('select[name="class"]');
  const textInput = form.querySelector('input[name="q"]');
  const showing = form.querySelector('.showing');
  const read = () => ({
    statuses: statusBoxes.filter((box) => box.checked).map((box) => box.value),
    cls: classSelect.value,
    text: textInput.value.trim(),
  });
  const save = (state) => {
    const params = new URLSearchParams();
    for (const status of state.statuses) params.append('status', status);
    if (state.cls !== '') params.set('class', state.cls);
    if (state.text !== '') params.set('q', state.text);
    const query = params.toString();
    const hash = query === '' ? '' : PREFIX + query;
    if (hash === location.hash || (hash === '' && !location.hash.startsWith(PREFIX))) return;
    history.replaceState(null, '', hash === '' ? location.pathname + location.search : hash);
  };
  const apply = () => {
    const state = read();
    const words = state.text.toLowerCase().split(/\\s+/).filter((word) => word !== '');
    const perStatus = new Map();
    let shown = 0;
    for (const v of variants.values()) {
      const others = (state.cls === '' || v.cls === state.cls) && words.every((word) => v.text.includes(word));
      if (others) perStatus.set(v.status, (perStatus.get(v.status) || 0) + 1);
      const visible = others && (state.statuses.length === 0 || state.statuses.includes(v.status));
      if (visible) shown += 1;
      for (const el of v.els) el.hidden = !visible;
    }
    for (const group of document.querySelectorAll('section.group')) group.hidden = group.querySelector('[data-v]:not([hidden])') === null;
    for (const count of form.querySelectorAll('[data-count]')) count.textContent = String(perStatus.get(count.dataset.count) || 0);
    showing.textContent = 'showing ' + shown + ' of ' + variants.size + ' variants';
    save(state);
  };
  const load = () => {
    if (!location.hash.startsWith(PREFIX)) return false;
    const params = new URLSearchParams(location.hash.slice(PREFIX.length));
    const statuses = params.getAll('status');
    for (const box of statusBoxes) box.checked = statuses.includes(box.value);
    classSelect.value = params.get('class') || '';
    if (classSelect.selectedIndex < 0) classSelect.value = '';
    textInput.value = params.get('q') || '';
    return true;
  };
  form.addEventListener('input', apply);
  form.addEventListener('submit', (event) => event.preventDefault());
  form.querySelector('button.clear').addEventListener('click', () => {
    form.reset();
    apply();
  });
  window.addEventListener('hashchange', () => {
    if (load()) apply();
  });
  load();
  form.hidden = false;
  apply();
})();
`;
