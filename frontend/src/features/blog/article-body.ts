/**
 * The blog's body markers (libs/content's `BlogArticle.content`), parsed into blocks the page renders as
 * React elements, so no article text is ever injected as HTML.
 *
 * - `## Heading` on its own line is a heading;
 * - a line that is wholly `**…**` is a bold line;
 * - `- item` lines are bullets, consecutive ones forming one list;
 * - other lines are text, consecutive ones forming one paragraph; a blank line ends a paragraph or list.
 */
export type BodyBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

const HEADING = /^##\s+(.+)$/;
// Wholly bold: `**a** and **b**` is a paragraph with two bold words, not one bold line.
const BOLD_LINE = /^\*\*((?:(?!\*\*).)+)\*\*$/;
const BULLET = /^-\s+(.+)$/;

export function parseArticleBody(source: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  // The paragraph or list being filled; a blank line or a block of another kind closes it.
  let open: Extract<BodyBlock, { kind: 'paragraph' | 'list' }> | undefined;

  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = HEADING.exec(line);
    const bold = BOLD_LINE.exec(line);
    const bullet = BULLET.exec(line);

    if (!line) {
      open = undefined;
    } else if (heading) {
      open = undefined;
      blocks.push({ kind: 'heading', text: heading[1].trim() });
    } else if (bold) {
      open = undefined;
      blocks.push({ kind: 'bold', text: bold[1].trim() });
    } else if (bullet) {
      if (open?.kind !== 'list') {
        open = { kind: 'list', items: [] };
        blocks.push(open);
      }
      open.items.push(bullet[1].trim());
    } else if (open?.kind === 'paragraph') {
      open.text = `${open.text} ${line}`;
    } else {
      open = { kind: 'paragraph', text: line };
      blocks.push(open);
    }
  }
  return blocks;
}
