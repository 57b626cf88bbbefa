import 'reflect-metadata';
import type { DynamicModule, Provider, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { type Transaction, UnitOfWork } from '@daybreak/messaging';
import { AppModule } from '../app.module';
import { AuthorsConsumer } from '../authors/authors.consumer';
import { AuthorsService } from '../authors/authors.service';
import { CommentsService } from '../comments/comments.service';
import type { PostsConfig } from '../config';
import { LikesService } from '../likes/likes.service';
import { FeedCache } from './feed-cache';
import { PostsService } from './posts.service';

/**
 * The classes posts' own modules provide and serve, walked from the app's root module. Posts'
 * modules are classes; the libraries' (database, messaging, Redis) come as dynamic modules and are
 * not walked: their classes are not posts' writers.
 */
function postsClasses(root: DynamicModule): Type[] {
  const classes = new Set<Type>();
  const walked = new Set<Type>();
  const walk = (module: Type) => {
    if (walked.has(module)) return;
    walked.add(module);
    const metadata = (key: string) => (Reflect.getMetadata(key, module) ?? []) as unknown[];
    for (const provider of metadata(MODULE_METADATA.PROVIDERS) as Provider[]) {
      if (typeof provider === 'function') classes.add(provider);
      else if ('useClass' in provider) classes.add(provider.useClass);
    }
    for (const controller of metadata(MODULE_METADATA.CONTROLLERS) as Type[]) classes.add(controller);
    for (const imported of metadata(MODULE_METADATA.IMPORTS))
      if (typeof imported === 'function') walk(imported as Type);
  };
  for (const imported of root.imports ?? []) if (typeof imported === 'function') walk(imported);
  return [...classes];
}

const injects = (type: Type, dependency: unknown) =>
  ((Reflect.getMetadata('design:paramtypes', type) ?? []) as unknown[]).includes(dependency);

describe('writers of what the feed shows', () => {
  const classes = postsClasses(
    AppModule.forConfig({
      DATABASE_URL: 'postgres://localhost/posts',
      REDIS_URL: 'redis://localhost',
      KAFKA_BROKERS: ['localhost:9092'],
    } as PostsConfig),
  );

  it('walks every module of posts', () => {
    expect(classes).toEqual(
      expect.arrayContaining([
        FeedCache,
        PostsService,
        LikesService,
        CommentsService,
        AuthorsService,
        AuthorsConsumer,
      ]),
    );
  });

  it('gives the unit of work to FeedCache alone: every other writer writes through FeedCache.write', () => {
    // A service given the unit of work could commit a change without dropping the cached pages.
    expect(classes.filter((type) => injects(type, UnitOfWork)).map((type) => type.name)).toEqual([
      FeedCache.name,
    ]);
  });

  it('takes a feed write, not a plain transaction, where posts changes what a page shows (typecheck)', () => {
    const plain = {} as Transaction;
    const posts = { lockForUpdate: jest.fn(), lockAllForUpdate: jest.fn(), adjustCount: jest.fn() };
    const typed = posts as unknown as PostsService;
    // @ts-expect-error A plain transaction would commit the change without dropping the pages.
    void typed.lockForUpdate(plain, 'post');
    // @ts-expect-error As above.
    void typed.lockAllForUpdate(plain, ['post']);
    // @ts-expect-error As above.
    void typed.adjustCount(plain, 'post', 'comments_count', 1);
    expect(posts.adjustCount).toHaveBeenCalledTimes(1);
  });
});
