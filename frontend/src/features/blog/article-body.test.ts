import { describe, expect, it } from 'vitest';
import { parseArticleBody } from './article-body';

describe('parseArticleBody', () => {
  it('reads headings, bold lines, bullets and paragraphs in order', () => {
    const source = [
      'Intro line.',
      '',
      '## A heading',
      '',
      '**A bold line.**',
      '',
      'Before the list:',
      '- first',
      '- second',
    ].join('\n');

    expect(parseArticleBody(source)).toEqual([
      { kind: 'paragraph', text: 'Intro line.' },
      { kind: 'heading', text: 'A heading' },
      { kind: 'bold', text: 'A bold line.' },
      { kind: 'paragraph', text: 'Before the list:' },
      { kind: 'list', items: ['first', 'second'] },
    ]);
  });

  it('joins consecutive text lines into one paragraph and splits paragraphs at blank lines', () => {
    expect(parseArticleBody('one\ntwo\n\n\nthree')).toEqual([
      { kind: 'paragraph', text: 'one two' },
      { kind: 'paragraph', text: 'three' },
    ]);
  });

  it('starts a new list after a blank line, and a paragraph after a list', () => {
    expect(parseArticleBody('- a\n\n- b\nafter')).toEqual([
      { kind: 'list', items: ['a'] },
      { kind: 'list', items: ['b'] },
      { kind: 'paragraph', text: 'after' },
    ]);
  });

  it('treats only whole-line markers as markers', () => {
    expect(
      parseArticleBody(
        'Some **bold** inside\n**a** and **b**\n**not closed\n###Not a heading\n-not a bullet',
      ),
    ).toEqual([
      {
        kind: 'paragraph',
        text: 'Some **bold** inside **a** and **b** **not closed ###Not a heading -not a bullet',
      },
    ]);
  });

  it('ignores surrounding whitespace and Windows line endings', () => {
    expect(parseArticleBody('  ## Title  \r\n\r\n  **Bold**\r\n  - item  \r\n')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'bold', text: 'Bold' },
      { kind: 'list', items: ['item'] },
    ]);
  });

  it('keeps markup-looking text as text (the renderer never injects HTML)', () => {
    expect(parseArticleBody('<b>hi</b>')).toEqual([{ kind: 'paragraph', text: '<b>hi</b>' }]);
  });

  it('returns nothing for an empty body', () => {
    expect(parseArticleBody('')).toEqual([]);
    expect(parseArticleBody('\n  \n')).toEqual([]);
  });
});
