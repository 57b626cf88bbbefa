import { refusalOf, type Member } from '../support/member-api';

/**
 * Never run (jest runs *.system-spec.ts): typecheck reads it. Each `@ts-expect-error` holds only
 * while a verb's answer is the contract's type and a raw call's is `unknown`, so typecheck fails if
 * a verb or the raw call drifts back to `any`, or a verb to another route's shape.
 */
export async function verbsAnswerTheContract(ana: Member, ben: Member): Promise<void> {
  const created = await ana.post({ content: 'Up at five' });
  const post = created.body.post;
  // @ts-expect-error: POST /api/posts answers { post, newBadges, … }, not the post itself
  void created.body.content;

  const liked = await ben.like(post);
  const likesCount: number = liked.body.likesCount;
  // @ts-expect-error: a like answers its toggle's result, not the post
  void liked.body.content;

  const comment = await ben.comment(post, 'Bravo');
  const author: string = comment.body.user.id;
  // @ts-expect-error: a comment has no likes
  void comment.body.likesCount;

  const followed = await ben.follow(ana);
  // @ts-expect-error: the follow's answer counts followers in a number
  const followers: string = followed.body.followersCount;

  // @ts-expect-error: a comment is on a post (or its id), never text alone
  await ben.comment('Bravo');

  const raw = await ana.call('GET', '/api/auth/user');
  // @ts-expect-error: a raw call's body is not read untyped (`me` reads this route, `refusalOf` a refusal)
  void raw.body.id;
  const refusal: string | undefined = refusalOf(raw).message;

  void [likesCount, author, followers, refusal];
}
