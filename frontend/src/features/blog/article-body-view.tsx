import { parseArticleBody, type BodyBlock } from './article-body';

function Block({ block }: { block: BodyBlock }) {
  switch (block.kind) {
    case 'heading':
      return <h2 className="mt-10 text-2xl font-black tracking-tight text-ink">{block.text}</h2>;
    case 'bold':
      return (
        <p className="border-l-4 border-amber-400 pl-4 text-lg leading-snug font-bold text-ink">
          {block.text}
        </p>
      );
    case 'list':
      return (
        <ul className="space-y-2">
          {block.items.map((item, index) => (
            <li key={index} className="flex gap-3 leading-relaxed text-ink-soft">
              <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      );
    case 'paragraph':
      return <p className="leading-relaxed text-ink-soft">{block.text}</p>;
  }
}

/** The article's body markers as elements: text only, never HTML. */
export function ArticleBody({ content }: { content: string }) {
  return (
    <div className="space-y-5 text-[17px]" data-testid="article-body">
      {parseArticleBody(content).map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}
