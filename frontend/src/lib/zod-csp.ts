import { z } from 'zod';

// Imported first by main.tsx, before any schema exists. zod probes `new Function` when an object schema
// is created (for its compiled fast path); the Content Security Policy refuses eval, and the browser
// reports each refused probe as a violation even though zod falls back quietly. Without the probe,
// schemas run the same checks, interpreted.
z.config({ jitless: true });
