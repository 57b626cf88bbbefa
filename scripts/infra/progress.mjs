// @ts-check
// Progress reporting: one line per finished step, plus a spinner for steps still running when stdout is
// an interactive terminal. In CI (no TTY) only the plain "✔ postgres ready (1.2s)" lines are printed,
// so logs stay readable. Steps may run concurrently; the spinner line lists every running one.

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

export function createProgress({ quiet = false, stream = process.stdout } = {}) {
  const started = Date.now();
  const tty = !quiet && Boolean(stream.isTTY) && !process.env.CI;
  const color = tty && !process.env.NO_COLOR;
  const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const active = new Map(); // label -> current detail text
  let frame = 0;
  let timer = null;

  const render = () => {
    if (!tty) return;
    const parts = [...active].map(([label, detail]) => (detail ? `${label}: ${detail}` : label));
    const text = `${paint(36, FRAMES[frame++ % FRAMES.length])} ${parts.join(' · ')}`;
    const width = stream.columns || 100;
    stream.write(`\r\x1b[2K${text.slice(0, width + 20)}`);
  };
  const clear = () => tty && stream.write('\r\x1b[2K');
  const print = (line) => {
    if (quiet) return;
    clear();
    stream.write(`${line}\n`);
    if (active.size) render();
  };

  return {
    /** Prints a line that is not a step (e.g. "using docker compose"). */
    info(line) {
      print(paint(2, line));
    },

    /**
     * Runs `fn(update)` as a named step. `fn` resolves to a short summary ("ready on 127.0.0.1:55432").
     * `update(text)` changes the spinner detail while it runs. Failures are marked and re-thrown.
     */
    async step(label, fn) {
      const t0 = Date.now();
      active.set(label, '');
      if (tty && !timer) {
        timer = setInterval(render, 80);
        timer.unref();
      }
      render();
      const update = (detail) => {
        if (active.has(label)) active.set(label, detail);
      };
      const finish = () => {
        active.delete(label);
        if (!active.size && timer) {
          clearInterval(timer);
          timer = null;
          clear();
        }
      };
      try {
        const summary = await fn(update);
        finish();
        print(`${paint(32, '✔')} ${label} ${summary ?? 'done'} ${paint(2, `(${seconds(Date.now() - t0)})`)}`);
        return summary;
      } catch (err) {
        finish();
        print(`${paint(31, '✖')} ${label} failed ${paint(2, `(${seconds(Date.now() - t0)})`)}`);
        err.step ??= label;
        throw err;
      }
    },

    /**
     * Like `step`, for a step that yields something: `fn(update)` resolves to `{ result, summary }`;
     * `summary` is printed and `result` returned.
     * @template T
     * @param {string} label
     * @param {(update: (detail: string) => void) => Promise<{ result: T, summary: string }>} fn
     * @returns {Promise<T>}
     */
    async run(label, fn) {
      /** @type {T[]} */
      const out = [];
      await this.step(label, async (/** @type {(detail: string) => void} */ update) => {
        const { result, summary } = await fn(update);
        out.push(result);
        return summary;
      });
      return out[0];
    },

    /** Prints the total time since the progress was created. */
    total(what = 'done') {
      print(`${what} in ${seconds(Date.now() - started)}`);
    },

    elapsed: () => Date.now() - started,
  };
}
