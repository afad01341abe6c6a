/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's page: browse, search, inspect, decode, encode and compare the served databases.
 * It only calls the server's JSON routes (docs/cli.md, "The page"). Every name and text comes
 * from a database and is untrusted: the DOM is built with text nodes and attributes, never
 * from markup. Every view is a URL (#/...), so a reload or a shared link shows the same. */
'use strict';

(() => {
  const main = document.getElementById('main');
  const crumbs = document.getElementById('crumbs');
  const searchInput = document.getElementById('q');

  /* ---- DOM: strings become text nodes, never markup ---- */

  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
      else el.setAttribute(key, value === true ? '' : String(value));
    }
    for (const kid of kids.flat(Infinity)) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return el;
  }

  /* A value of any JSON shape as nested lists. */
  function jsonTree(value) {
    if (value === null) return h('span', { class: 'muted' }, 'null');
    if (Array.isArray(value)) {
      if (!value.length) return h('span', { class: 'muted' }, 'none');
      return h('ol', {}, value.map((v) => h('li', {}, jsonTree(v))));
    }
    if (typeof value === 'object') {
      return h('dl', { class: 'json' },
        Object.entries(value).map(([k, v]) => [h('dt', {}, k), h('dd', {}, jsonTree(v))]));
    }
    return h('span', {}, String(value));
  }

  function table(headings, rows) {
    return h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, headings.map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows.map((cells) => h('tr', {}, cells.map((c) => h('td', {}, c)))))));
  }

  const hex = (s) => h('code', { class: 'hex' }, s);
  const section = (title, ...kids) => h('section', {}, h('h2', {}, title), kids);

  /* ---- URLs: #/seg/seg?key=value ---- */

  function hashOf(segments, params) {
    const path = '#/' + segments.map(encodeURIComponent).join('/');
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params || {}))
      if (v !== null && v !== undefined && v !== '') query.set(k, v);
    const q = query.toString();
    return q ? path + '?' + q : path;
  }

  const link = (segments, params, ...kids) => h('a', { href: hashOf(segments, params) }, kids);

  function parseHash() {
    const raw = location.hash.replace(/^#\/?/, '');
    const at = raw.indexOf('?');
    const path = at < 0 ? raw : raw.slice(0, at);
    const segs = path ? path.split('/').map(decodeURIComponent) : [];
    return { segs, q: new URLSearchParams(at < 0 ? '' : raw.slice(at + 1)) };
  }

  /* ---- The JSON routes ---- */

  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }

  async function api(path, params, init) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params || {}))
      if (v !== null && v !== undefined && v !== '') query.set(k, v);
    const q = query.toString();
    const res = await fetch(q ? path + '?' + q : path, init);
    let body = null;
    try { body = await res.json(); } catch (e) { body = null; }
    if (!res.ok) throw new ApiError(res.status, (body && body.error) || res.statusText);
    return body;
  }

  const ecuPath = (ecu, ...rest) => '/ecus/' + [ecu, ...rest].map(encodeURIComponent).join('/');

  /* The layer a view names: {variant} or {group}, as the routes take them. */
  function layerOf(q) {
    return q.get('group') ? { group: q.get('group') } : { variant: q.get('variant') || undefined };
  }

  const codeHex = (code) => '0x' + code.toString(16).toUpperCase().padStart(6, '0');

  /* ---- Views: each returns {title, crumbs, nodes} ---- */

  async function homeView() {
    const { ecus } = await api('/ecus');
    const rows = ecus.map((e) => [
      e.default ? link(['ecu', e.name], null, e.name)
        : h('span', {}, e.name, ' ', h('span', { class: 'muted' }, '(not the default: ' + e.path + ')')),
      e.revision === null ? '' : e.revision, e.variants, e.functional_groups, e.services, e.dtcs,
    ]);
    return {
      title: 'ECUs', crumbs: [],
      nodes: [h('h1', {}, 'ECUs'),
        h('p', { class: 'muted' }, ecus.length + ' files served'),
        table(['ECU', 'Revision', 'Variants', 'Functional groups', 'Services (base variant)', 'DTCs'], rows)],
    };
  }

  /* A <details> whose content load() makes when it is first opened. */
  function lazyDetails(summary, load, open) {
    const d = h('details', {}, h('summary', {}, summary));
    let loaded = false;
    const fill = async () => {
      if (loaded) return;
      loaded = true;
      const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
      d.append(body);
      try { body.replaceChildren(...[].concat(await load())); } catch (e) { body.replaceChildren(errorNote(e)); }
    };
    d.addEventListener('toggle', () => { if (d.open) fill(); });
    if (open) d.open = true;
    return d;
  }

  function serviceList(ecu, layer, services) {
    if (!services.length) return h('p', { class: 'muted' }, 'No services.');
    return table(['Service', 'Request'], services.map((s) => [
      link(['ecu', ecu, 'service', s.name], layer, s.name), hex(s.request)]));
  }

  function dtcTable(dtcs) {
    return table(['Code', 'Display', 'Name', 'Text'], dtcs.map((d) => [
      hex(codeHex(d.code)), d.display === null ? '' : d.display, d.name === null ? '' : d.name,
      d.text === null ? '' : d.text]));
  }

  /* A variant's ComParams, state charts, SDGs and jobs, each opening to what its route says. */
  function variantFacts(ecu, layer) {
    const facts = [['ComParams', 'comparams'], ['State charts', 'states'], ['SDGs', 'sdgs'], ['Jobs', 'jobs']];
    return facts.map(([title, route]) =>
      lazyDetails(title, async () => jsonTree(await api(ecuPath(ecu, route), layer))));
  }

  function layerTree(ecu, layers, key) {
    if (!layers.length) return h('p', { class: 'muted' }, 'None.');
    return layers.map((l) => {
      const layer = { [key]: l.name };
      return lazyDetails([
        link(['ecu', ecu, key, l.name], null, l.name), l.is_base ? ' (base)' : '',
        ' ', h('span', { class: 'muted' }, l.services + ' services')],
      async () => [serviceList(ecu, layer, (await api(ecuPath(ecu, 'services'), layer)).services),
        key === 'variant' ? variantFacts(ecu, layer) : null]);
    });
  }

  async function ecuView(ecu) {
    const e = await api(ecuPath(ecu));
    return {
      title: e.name, crumbs: [[e.name]],
      nodes: [h('h1', {}, e.name),
        table(['Version', 'Revision', 'Base variant', 'File', 'Strategy', 'Chunks'],
          [[e.version || '', e.revision || '', e.base_variant || '', e.path, e.strategy, e.chunks]]),
        section('Variants', layerTree(e.name, e.variants, 'variant')),
        section('Functional groups', layerTree(e.name, e.functional_groups, 'group')),
        section('DTCs (' + e.dtcs + ')',
          lazyDetails('Show the DTCs', async () => dtcTable((await api(ecuPath(ecu, 'dtcs'))).dtcs), e.dtcs <= 50))],
    };
  }

  const sovdCategories = ['data', 'configurations', 'operations', 'modes', 'faults'];

  function sovdSection(ecu, layer, view) {
    return sovdCategories.map((cat) => {
      const entries = view[cat] || [];
      return lazyDetails(cat + ' (' + entries.length + ')', () => table(['Resource', 'Services'],
        entries.map((r) => [
          [r.id, r.value !== undefined ? ': ' + r.value : ''],
          h('ul', { class: 'list' }, (r.services || []).map((s) => h('li', {},
            (s.role ? s.role + ': ' : ''), link(['ecu', ecu, 'service', s.service], layer, s.service),
            s.request ? [' ', hex(s.request)] : ''))),
        ])));
    });
  }

  async function layerView(ecu, kind, name) {
    const layer = { [kind]: name };
    const [services, sovd] = await Promise.all([
      api(ecuPath(ecu, 'services'), layer), api(ecuPath(ecu, 'sovd'), layer)]);
    const nodes = [h('h1', {}, name),
      h('p', { class: 'muted' }, (kind === 'group' ? 'Functional group' : 'Variant') + ' of ' + ecu),
      section('Services (' + services.services.length + ')', serviceList(ecu, layer, services.services)),
      section('SOVD resources', sovdSection(ecu, layer, sovd))];
    if (kind === 'variant') nodes.push(section('More', variantFacts(ecu, layer)));
    return { title: name, crumbs: [[ecu, ['ecu', ecu]], [name]], nodes };
  }

  /* ---- A service ---- */

  /* The bits a layout item covers as [byte, bit] pairs (bit 0 the least significant): its
   * least significant bit is at `bit` of its last byte, as UDS places values. */
  function itemBits(item) {
    const last = item.byte + Math.ceil((item.bit + item.bit_length) / 8) - 1;
    const bits = [];
    for (let k = 0; k < item.bit_length; k++)
      bits.push([last - Math.floor((item.bit + k) / 8), (item.bit + k) % 8]);
    return bits;
  }

  const isLeaf = (item) => !/_(begin|end)$/.test(item.kind);
  const placed = (item) => isLeaf(item) && item.bit_length !== undefined && item.anchor === undefined;

  function describeRule(item) {
    const parts = [item.rule];
    for (const key of ['byte_count', 'min_bytes', 'max_bytes', 'termination', 'count_byte'])
      if (item[key] !== undefined) parts.push(key + ' ' + item[key]);
    return parts.join(', ');
  }

  /* The byte grid of a layout: one row per byte, its bits as columns, the params named. */
  function byteGrid(items) {
    const leaves = items.filter(isLeaf);
    const cells = new Map();
    let rows = 0;
    for (const item of leaves) {
      rows = Math.max(rows, item.byte + 1);
      if (!placed(item)) continue;
      for (const [byte, bit] of itemBits(item)) {
        rows = Math.max(rows, byte + 1);
        const key = byte * 8 + bit;
        cells.set(key, (cells.get(key) || []).concat(item.path));
      }
    }
    const body = [];
    for (let byte = 0; byte < rows; byte++) {
      const names = leaves.filter((i) => i.byte === byte).map((i) =>
        h('div', {}, i.path, ' ', h('span', { class: 'muted' },
          placed(i) ? i.bit_length + ' bits' + (i.constant !== undefined ? ' = ' + i.constant : '') : describeRule(i))));
      const bits = [];
      for (let bit = 7; bit >= 0; bit--) {
        const owners = cells.get(byte * 8 + bit);
        bits.push(h('td', { class: owners ? 'bit on' : 'bit', title: owners ? owners.join(', ') : null }, owners ? '■' : ''));
      }
      body.push(h('tr', {}, h('th', { scope: 'row' }, byte), bits, h('td', {}, names)));
    }
    return h('div', { class: 'scroll' }, h('table', { class: 'grid' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Byte'), [7, 6, 5, 4, 3, 2, 1, 0].map((b) => h('th', {}, b)), h('th', {}, 'Parameters'))),
      h('tbody', {}, body)));
  }

  /* The messages of a service: the request, then each response and negative response that
   * exists (found by asking for index 0, 1, ... until one is missing). */
  async function serviceMessages(ecu, name, layer) {
    const found = [{ message: 'request', index: 0 }];
    for (const message of ['response', 'negative']) {
      for (let index = 0; index < 8; index++) {
        try { await api(ecuPath(ecu, 'services', name, 'layout'), { ...layer, message, index }); }
        catch (e) { if (e.status === 404) break; throw e; }
        found.push({ message, index });
      }
    }
    return found;
  }

  /* A request's form from its schema: text tables as choices, limits as the inputs' bounds. */
  function requestSchemaObject(schema) {
    if (schema.properties) return schema;
    return (schema.allOf || []).find((s) => s.properties) || { properties: {} };
  }

  function fieldFor(name, schema, required, value) {
    const alt = schema.anyOf ? schema.anyOf[0] : schema;
    const attrs = { name, required, 'aria-label': name };
    let input;
    if (alt.enum) {
      input = h('select', attrs, required ? null : h('option', { value: '' }, '(none)'),
        alt.enum.map((v) => h('option', { value: v, selected: value === v }, v)));
    } else if (alt.type === 'integer' || alt.type === 'number') {
      input = h('input', { ...attrs, type: 'number', step: alt.type === 'integer' ? '1' : 'any',
        min: alt.minimum, max: alt.maximum, value: value === undefined ? null : value, 'data-kind': 'number' });
    } else if (alt.type === 'string') {
      input = h('input', { ...attrs, type: 'text', maxlength: alt.maxLength, minlength: alt.minLength,
        pattern: alt.pattern ? alt.pattern.replace(/^\^|\$$/g, '') : null, value: value === undefined ? null : value });
    } else {
      input = h('textarea', { ...attrs, rows: 3, placeholder: 'JSON', 'data-kind': 'json' },
        value === undefined ? '' : JSON.stringify(value));
    }
    const bounds = alt.minimum !== undefined || alt.maximum !== undefined
      ? ' (' + (alt.minimum !== undefined ? alt.minimum : '') + ' … ' + (alt.maximum !== undefined ? alt.maximum : '') + ')' : '';
    return h('label', {}, h('span', {}, name + bounds + (required ? ' *' : '')), input);
  }

  function readForm(form) {
    const values = {};
    for (const el of form.elements) {
      if (!el.name || el.value === '') continue;
      if (el.dataset.kind === 'number') values[el.name] = Number(el.value);
      else if (el.dataset.kind === 'json') values[el.name] = JSON.parse(el.value);
      else values[el.name] = el.value;
    }
    return values;
  }

  function encodeForm(ecu, name, layer, schema, params) {
    const obj = requestSchemaObject(schema);
    const required = new Set(obj.required || []);
    const fields = Object.entries(obj.properties || {}).filter(([, s]) => s.const === undefined);
    const consts = Object.entries(obj.properties || {}).filter(([, s]) => s.const !== undefined);
    const form = h('form', { class: 'stack', id: 'encode-form', novalidate: true },
      consts.length ? h('p', { class: 'muted' }, 'Fixed: ' + consts.map(([k, s]) => k + ' = ' + s.const).join(', ')) : null,
      fields.map(([k, s]) => fieldFor(k, s, required.has(k), params ? params[k] : undefined)),
      h('p', { class: 'error', role: 'alert', id: 'encode-error' }),
      h('button', { type: 'submit' }, 'Encode'));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      if (!form.reportValidity()) return;
      let values;
      try { values = readForm(form); } catch (e) {
        form.querySelector('#encode-error').textContent = 'A value is not JSON: ' + e.message;
        return;
      }
      location.hash = hashOf(['ecu', ecu, 'service', name], { ...layer, params: JSON.stringify(values) });
    });
    return form;
  }

  async function encodeResult(ecu, name, layer, params) {
    try {
      const r = await api(ecuPath(ecu, 'encode'), { ...layer, service: name },
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: params });
      return h('p', { id: 'encoded' }, 'Request: ', hex(r.request));
    } catch (e) { return errorNote(e); }
  }

  function decodeForm(ecu, layer, request, response) {
    const form = h('form', { class: 'stack', id: 'decode-form' },
      h('label', {}, 'Request (hex)', h('input', { name: 'request', value: request, required: true, pattern: '([0-9A-Fa-f]{2}\\s*)+' })),
      h('label', {}, 'Response (hex)', h('input', { name: 'response', value: response, required: true, pattern: '([0-9A-Fa-f]{2}\\s*)+' })),
      h('button', { type: 'submit' }, 'Decode'));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const clean = (s) => s.replace(/\s+/g, '');
      location.hash = hashOf(['ecu', ecu, 'decode'], {
        ...layer, request: clean(form.elements.request.value), response: clean(form.elements.response.value) });
    });
    return form;
  }

  /* What the SOVD view says of service name: its category, resource and role. */
  function sovdOf(view, name) {
    const out = [];
    for (const cat of sovdCategories)
      for (const r of view[cat] || [])
        for (const s of r.services || [])
          if (s.service === name) out.push(cat + ': ' + r.id + (r.value !== undefined ? ' ' + r.value : '') + (s.role ? ' (' + s.role + ')' : ''));
    return out;
  }

  /* The states a service needs (its SOVD entry's needs, else the state charts'), each with the
   * service that enters it and, for a security level, the seed request before it. */
  function needsOf(ecu, layer, name, states, sovd) {
    let needs = null;
    for (const cat of sovdCategories)
      for (const r of sovd[cat] || [])
        for (const s of r.services || [])
          if (s.service === name && s.needs) needs = s.needs;
    const known = needs !== null; /* the SOVD view says which service enters each state */
    needs = needs || ((states && states.required_states) || []);
    if (!needs.length) return h('p', { class: 'muted', id: 'needs' }, 'No required states.');
    const step = (by) => [link(['ecu', ecu, 'service', by.service], layer, by.service), ' ', hex(by.request)];
    return h('ul', { class: 'list', id: 'needs' }, needs.map((n) => h('li', {}, n.chart + ': ' + n.state,
      n.entered_by ? [' — enter with ', n.entered_by.seed ? [step(n.entered_by.seed), ' then '] : '', step(n.entered_by)]
        : (known ? ' — no service enters it' : ''))));
  }

  async function serviceView(ecu, name, q) {
    const layer = layerOf(q);
    const message = q.get('message') || 'request';
    const index = q.get('index') || '0';
    const which = { ...layer, message, index };
    const [found, sovd, states, layout, schema, requestSchema, messages] = await Promise.all([
      api(ecuPath(ecu, 'services'), { ...layer, name }),
      api(ecuPath(ecu, 'sovd'), layer),
      layer.group ? null : api(ecuPath(ecu, 'states'), { variant: layer.variant, service: name }).catch(() => null),
      api(ecuPath(ecu, 'services', name, 'layout'), which),
      api(ecuPath(ecu, 'services', name, 'schema'), which),
      /* the request's schema, for the form: the one above when that is the request */
      message === 'request' ? null : api(ecuPath(ecu, 'services', name, 'schema'), layer),
      serviceMessages(ecu, name, layer)]);
    const service = found.services.find((s) => s.name === name) || { request: '' };
    const layerName = found.variant || found.functional_group;
    const tabs = h('nav', { class: 'tabs', 'aria-label': 'Messages' }, messages.map((m) => {
      const current = m.message === message && String(m.index) === index;
      return h('a', { href: hashOf(['ecu', ecu, 'service', name], { ...layer, message: m.message, index: m.index || null }),
        'aria-current': current ? 'page' : null }, m.message === 'request' ? 'request' : m.message + ' ' + m.index);
    }));
    const params = q.get('params');
    let parsed;
    try { parsed = params ? JSON.parse(params) : undefined; } catch (e) { parsed = undefined; }
    const category = sovdOf(sovd, name);
    const nodes = [h('h1', {}, name),
      table(['Layer', 'Request prefix', 'SOVD'], [[layerName, hex(service.request), category.join('; ') || 'none']]),
      section('Required states', needsOf(ecu, layer, name, states, sovd)),
      section('Messages', tabs, byteGrid(layout.items),
        h('details', {}, h('summary', {}, 'JSON Schema'), h('pre', { id: 'schema' }, JSON.stringify(schema, null, 2)))),
      section('Encode a request', encodeForm(ecu, name, layer, requestSchema || schema, parsed),
        params ? await encodeResult(ecu, name, layer, params) : null),
      section('Decode a response', decodeForm(ecu, layer, service.request, ''))];
    return { title: name, crumbs: [[ecu, ['ecu', ecu]], [layerName, ['ecu', ecu, layer.group ? 'group' : 'variant', layerName]], [name]], nodes };
  }

  /* ---- Decode ---- */

  /* The negative response codes of ISO 14229-1 (table A.1), to name a negative response. */
  const nrcNames = {
    0x10: 'generalReject', 0x11: 'serviceNotSupported', 0x12: 'subFunctionNotSupported',
    0x13: 'incorrectMessageLengthOrInvalidFormat', 0x14: 'responseTooLong',
    0x21: 'busyRepeatRequest', 0x22: 'conditionsNotCorrect', 0x24: 'requestSequenceError',
    0x25: 'noResponseFromSubnetComponent', 0x26: 'failurePreventsExecutionOfRequestedAction',
    0x31: 'requestOutOfRange', 0x33: 'securityAccessDenied', 0x34: 'authenticationRequired',
    0x35: 'invalidKey', 0x36: 'exceededNumberOfAttempts', 0x37: 'requiredTimeDelayNotExpired',
    0x70: 'uploadDownloadNotAccepted', 0x71: 'transferDataSuspended',
    0x72: 'generalProgrammingFailure', 0x73: 'wrongBlockSequenceCounter',
    0x78: 'requestCorrectlyReceivedResponsePending',
    0x7E: 'subFunctionNotSupportedInActiveSession', 0x7F: 'serviceNotSupportedInActiveSession',
    0x81: 'rpmTooHigh', 0x82: 'rpmTooLow', 0x83: 'engineIsRunning', 0x84: 'engineIsNotRunning',
    0x85: 'engineRunTimeTooLow', 0x86: 'temperatureTooHigh', 0x87: 'temperatureTooLow',
    0x88: 'vehicleSpeedTooHigh', 0x89: 'vehicleSpeedTooLow', 0x8A: 'throttlePedalTooHigh',
    0x8B: 'throttlePedalTooLow', 0x8C: 'transmissionRangeNotInNeutral',
    0x8D: 'transmissionRangeNotInGear', 0x8F: 'brakeSwitchesNotClosed',
    0x90: 'shifterLeverNotInPark', 0x91: 'torqueConverterClutchLocked', 0x92: 'voltageTooHigh',
    0x93: 'voltageTooLow',
  };

  /* "negative response: NAME (0xNN)" from the response's third byte. */
  function responseKind(kind, response) {
    if (kind !== 'negative') return 'positive response';
    const nrc = parseInt(response.slice(4, 6), 16);
    if (Number.isNaN(nrc)) return 'negative response';
    const code = '0x' + nrc.toString(16).toUpperCase().padStart(2, '0');
    return 'negative response: ' + (nrcNames[nrc] ? nrcNames[nrc] + ' (' + code + ')' : code);
  }

  function hexBytes(s) {
    const out = [];
    for (let i = 0; i + 1 < s.length; i += 2) out.push(s.slice(i, i + 2).toUpperCase());
    return out;
  }

  /* The response's bytes and its values; a value focused, hovered or clicked marks its
   * bytes, a byte clicked marks the values that cover it. */
  function decodedValues(response, values) {
    const bytes = hexBytes(response).map((b, i) => h('span', { 'data-i': i, title: 'byte ' + i, tabindex: 0 }, b));
    const items = values.map((v) => h('li', { tabindex: 0, 'data-byte': v.byte, 'data-length': v.length },
      h('code', {}, v.path), ' = ', h('strong', {}, typeof v.value === 'string' ? v.value : JSON.stringify(v.value)),
      ' ', h('span', { class: 'muted' }, 'bytes ' + v.byte + (v.length > 1 ? '–' + (v.byte + v.length - 1) : ''))));
    const clear = () => { for (const el of [...bytes, ...items]) el.classList.remove('mark'); };
    const markValue = (li) => {
      clear();
      li.classList.add('mark');
      const from = Number(li.dataset.byte), to = from + Number(li.dataset.length);
      for (let i = from; i < to && i < bytes.length; i++) bytes[i].classList.add('mark');
    };
    const markByte = (span) => {
      clear();
      const i = Number(span.dataset.i);
      span.classList.add('mark');
      for (const li of items) {
        const from = Number(li.dataset.byte), to = from + Number(li.dataset.length);
        if (i >= from && i < to) li.classList.add('mark');
      }
    };
    for (const li of items) {
      li.addEventListener('mouseenter', () => markValue(li));
      li.addEventListener('focus', () => markValue(li));
      li.addEventListener('click', () => markValue(li));
    }
    for (const span of bytes) {
      span.addEventListener('click', () => markByte(span));
      span.addEventListener('focus', () => markByte(span));
    }
    return [h('div', { class: 'bytes', id: 'response-bytes', 'aria-label': 'Response bytes' }, bytes),
      h('ul', { class: 'list values', id: 'values' }, items)];
  }

  async function decodeView(ecu, q) {
    const layer = layerOf(q);
    const request = q.get('request') || '', response = q.get('response') || '';
    const nodes = [h('h1', {}, 'Decode')];
    let title = 'Decode';
    if (request && response) {
      try {
        const args = { ...layer, request, response };
        const [r, json] = await Promise.all([
          api(ecuPath(ecu, 'decode'), { ...args, view: 'values' }), api(ecuPath(ecu, 'decode'), args)]);
        const layerQuery = r.functional_group ? { group: r.functional_group } : { variant: r.variant };
        title = r.service;
        nodes.push(h('p', { id: 'decoded' }, link(['ecu', ecu, 'service', r.service], layerQuery, r.service), ': ',
          h('span', { class: r.response === 'negative' ? 'negative' : 'ok', id: 'response-kind' }, responseKind(r.response, response))),
        decodedValues(response, r.values),
        r.trailing ? h('p', {}, 'Trailing bytes no parameter covers: ', hex(r.trailing)) : null,
        h('details', {}, h('summary', {}, 'As JSON'), h('pre', { id: 'decoded-json' }, JSON.stringify(json, null, 2))));
      } catch (e) { nodes.push(errorNote(e)); }
    }
    nodes.push(section('Messages', decodeForm(ecu, layer, request, response)));
    return { title, crumbs: [[ecu, ['ecu', ecu]], ['decode']], nodes };
  }

  /* ---- Search: service names, request bytes, DTC codes and display codes ---- */

  let searchIndex = null;

  async function loadSearchIndex() {
    const { ecus } = await api('/ecus');
    const perEcu = await Promise.all(ecus.filter((e) => e.default).map(async (e) => {
      const info = await api(ecuPath(e.name));
      const layers = [...info.variants.map((v) => ({ variant: v.name })), ...info.functional_groups.map((g) => ({ group: g.name }))];
      const lists = await Promise.all(layers.map((l) => api(ecuPath(e.name, 'services'), l)));
      const services = [];
      lists.forEach((list, i) => list.services.forEach((s) => services.push({ ecu: e.name, layer: layers[i], ...s })));
      const dtcs = (await api(ecuPath(e.name, 'dtcs'))).dtcs.map((d) => ({ ecu: e.name, ...d }));
      return { services, dtcs };
    }));
    return { services: perEcu.flatMap((x) => x.services), dtcs: perEcu.flatMap((x) => x.dtcs) };
  }

  function parseCode(term) {
    const t = term.trim();
    if (/^0x[0-9a-f]+$/i.test(t)) return parseInt(t.slice(2), 16);
    if (/^[0-9]+$/.test(t)) return parseInt(t, 10);
    return null;
  }

  async function searchView(q) {
    const term = (q.get('q') || '').trim();
    searchInput.value = term;
    if (!term) return { title: 'Search', crumbs: [['search']], nodes: [h('h1', {}, 'Search'), h('p', {}, 'Type a service name, request bytes in hex or a DTC code.')] };
    searchIndex = searchIndex || await loadSearchIndex();
    const lower = term.toLowerCase();
    const bytes = term.replace(/\s+/g, '').toLowerCase();
    const isHex = /^([0-9a-f]{2})+$/.test(bytes);
    const code = parseCode(term);
    const services = searchIndex.services.filter((s) => s.name.toLowerCase().includes(lower) ||
      (isHex && s.request && (bytes.startsWith(s.request) || s.request.startsWith(bytes))))
      .sort((a, b) => (isHex ? (b.request === bytes) - (a.request === bytes) || b.request.length - a.request.length : 0) || a.name.localeCompare(b.name));
    const dtcs = searchIndex.dtcs.filter((d) => d.code === code || (isHex && d.code === parseInt(bytes, 16)) ||
      (d.display && d.display.toLowerCase() === lower) || (d.name && d.name.toLowerCase().includes(lower)) ||
      (d.text && d.text.toLowerCase().includes(lower)));
    const shown = services.slice(0, 200);
    return {
      title: 'Search: ' + term, crumbs: [['search']],
      nodes: [h('h1', {}, 'Search: ', term),
        section('Services (' + services.length + ')', shown.length ? h('div', { class: 'scroll', id: 'service-results' }, table(['Service', 'Request', 'ECU', 'Layer'],
          shown.map((s) => [link(['ecu', s.ecu, 'service', s.name], s.layer, s.name), hex(s.request), s.ecu, s.layer.variant || s.layer.group])))
          : h('p', { class: 'muted' }, 'No service.')),
        section('DTCs (' + dtcs.length + ')', dtcs.length ? h('div', { id: 'dtc-results' }, table(['ECU', 'Code', 'Display', 'Name', 'Text'],
          dtcs.slice(0, 200).map((d) => [link(['ecu', d.ecu], null, d.ecu), hex(codeHex(d.code)), d.display || '', d.name || '', d.text || ''])))
          : h('p', { class: 'muted' }, 'No DTC.'))],
    };
  }

  /* ---- Compare and updates ---- */

  async function compareView(q) {
    const { ecus } = await api('/ecus');
    const names = ecus.filter((e) => e.default).map((e) => e.name);
    const a = q.get('a') || '', b = q.get('b') || '';
    const select = (key, value) => h('label', {}, key === 'a' ? 'From' : 'To',
      h('select', { name: key, required: true }, h('option', { value: '' }, '(choose)'),
        names.map((n) => h('option', { value: n, selected: n === value }, n))));
    const form = h('form', { class: 'stack', id: 'compare-form' }, select('a', a), select('b', b), h('button', { type: 'submit' }, 'Compare'));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      location.hash = hashOf(['compare'], { a: form.elements.a.value, b: form.elements.b.value });
    });
    const nodes = [h('h1', {}, 'Compare'), form];
    if (a && b) {
      try {
        const d = await api('/diff', { a, b });
        const s = d.summary;
        nodes.push(h('p', { id: 'summary' }, s.added + ' added, ' + s.removed + ' removed, ' + s.changed + ' changed, ' + s.renamed + ' renamed'),
          table(['Kind', 'Path', 'Old', 'New'], d.differences.slice(0, 2000).map((x) => [x.kind, h('code', {}, x.path), x.old || '', x.new || ''])),
          d.differences.length > 2000 ? h('p', { class: 'muted' }, 'The first 2000 differences are shown.') : null);
      } catch (e) { nodes.push(errorNote(e)); }
    }
    return { title: 'Compare', crumbs: [['compare']], nodes };
  }

  /* What GET /updates says: the set after apply, file by file, with the differences of each
   * changed file; then what is staged, backed up and in flight. */
  function updateStatus(status) {
    const revision = (side) => (side ? side.revision || '' : '');
    const diff = (d) => (d ? d.added + ' added, ' + d.removed + ' removed, ' + d.changed + ' changed, ' + d.renamed + ' renamed' : '');
    return h('div', { id: 'update-status' },
      table(['File', 'Change', 'ECU', 'Old revision', 'New revision', 'Differences'], (status.files || []).map((f) =>
        [f.name, f.change, f.ecu || '', revision(f.old), revision(f.new), diff(f.diff)])),
      h('p', {}, 'Staged: ' + status.staged + ', backup: ' + status.backup + ', in flight: ' +
        (status.in_flight === null ? 'nothing' : JSON.stringify(status.in_flight))));
  }

  async function updatesView() {
    const token = sessionStorage.getItem('mdd-token') || '';
    const form = h('form', { class: 'stack', id: 'token-form' },
      h('label', {}, 'Update token', h('input', { name: 'token', type: 'password', value: token, autocomplete: 'off' })),
      h('button', { type: 'submit' }, 'Show the status'));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      sessionStorage.setItem('mdd-token', form.elements.token.value);
      render();
    });
    const nodes = [h('h1', {}, 'Updates'), form];
    if (token) {
      try {
        nodes.push(updateStatus(await api('/updates', null, { headers: { Authorization: 'Bearer ' + token } })));
      } catch (e) {
        nodes.push(e.status === 404 ? h('p', { class: 'muted' }, 'Updates are off on this server (mdd serve --updates TOKEN_FILE).') : errorNote(e));
      }
    }
    return { title: 'Updates', crumbs: [['updates']], nodes };
  }

  function errorNote(e) {
    return h('p', { class: 'error', role: 'alert' }, e.status ? e.status + ': ' + e.message : String(e.message || e));
  }

  /* ---- The router ---- */

  function route(segs, q) {
    const [first, ecu, kind, name] = segs;
    if (!first) return ['home', homeView()];
    if (first === 'search') return ['search', searchView(q)];
    if (first === 'compare') return ['compare', compareView(q)];
    if (first === 'updates') return ['updates', updatesView()];
    if (first === 'ecu' && ecu !== undefined) {
      if (segs.length === 2) return ['ecu', ecuView(ecu)];
      if (segs.length === 4 && (kind === 'variant' || kind === 'group')) return ['layer', layerView(ecu, kind, name)];
      if (segs.length === 4 && kind === 'service') return ['service', serviceView(ecu, name, q)];
      if (segs.length === 3 && kind === 'decode') return ['decode', decodeView(ecu, q)];
    }
    return ['missing', Promise.reject(new ApiError(404, 'no such view: ' + location.hash))];
  }

  function setCrumbs(list) {
    crumbs.replaceChildren(link([], null, 'ECUs'), ...list.flatMap(([label, target]) =>
      [' / ', target ? link(target, null, label) : h('span', { 'aria-current': 'page' }, label)]));
  }

  let generation = 0;

  async function render() {
    const mine = ++generation;
    document.body.dataset.state = 'loading';
    let parsed;
    try { parsed = parseHash(); } catch (e) { parsed = { segs: ['?'], q: new URLSearchParams() }; }
    const [name, pending] = route(parsed.segs, parsed.q);
    let view;
    try { view = await pending; } catch (e) {
      view = { title: 'Error', crumbs: [], nodes: [h('h1', {}, 'Error'), errorNote(e)], failed: true };
    }
    if (mine !== generation) return;
    main.replaceChildren(...view.nodes.flat(Infinity).filter(Boolean));
    setCrumbs(view.crumbs);
    document.title = view.title + ' – mdd';
    document.body.dataset.view = view.failed ? 'error' : name;
    document.body.dataset.state = 'ready';
  }

  /* ---- Keyboard: / searches, arrows move between the links and items of the view ---- */

  document.getElementById('search-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    location.hash = hashOf(['search'], { q: searchInput.value });
  });

  document.addEventListener('keydown', (ev) => {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
    if (ev.key === '/' && !typing) {
      ev.preventDefault();
      searchInput.focus();
    } else if ((ev.key === 'ArrowDown' || ev.key === 'ArrowUp') && !typing && main.contains(document.activeElement)) {
      const stops = [...main.querySelectorAll('a[href], summary, [tabindex="0"]')];
      const at = stops.indexOf(document.activeElement);
      const next = stops[at + (ev.key === 'ArrowDown' ? 1 : -1)];
      if (next) { ev.preventDefault(); next.focus(); }
    } else if (ev.key === 'Escape' && typing) {
      document.activeElement.blur();
      main.focus();
    }
  });

  window.addEventListener('hashchange', render);
  render();
})();
