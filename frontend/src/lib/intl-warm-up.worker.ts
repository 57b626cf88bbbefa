// Started once at start-up (intl-warm-up.ts): makes one date formatter and ends. The page's first
// formatter costs 30–100 ms on a slow device, because the browser loads its locale and time-zone data
// then; later ones cost about a millisecond. That data is shared by the whole page, so loading it
// here, beside the main thread, spares the first render (measured: frontend/README.md, First load).
new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', hour: 'numeric' }).format(new Date());
self.close();
