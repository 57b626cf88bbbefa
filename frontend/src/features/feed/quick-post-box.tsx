import { POST_MAX_LENGTH } from '@daybreak/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/use-toast';
import { toastActionError } from '@/features/auth/session';
import { useCreatePost } from '@/features/posts/queries';
import { validateQuickPost } from './quick-post-validation';

export function QuickPostBox() {
  const [text, setText] = useState('');
  const { toast } = useToast();
  const createPost = useCreatePost();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateQuickPost(text);
    if (!result.ok) {
      toast({ title: result.title, description: result.description, variant: 'destructive' });
      return;
    }
    createPost.mutate(
      { content: result.content },
      {
        onSuccess: () => setText(''),
        onError: (error) => toastActionError(error, 'Failed to create post. Please try again.'),
      },
    );
  }

  return (
    <Card className="p-4">
      <form onSubmit={submit} className="space-y-3" aria-label="Quick post">
        <label htmlFor="quick-post" className="sr-only">
          Share your morning
        </label>
        <textarea
          id="quick-post"
          data-testid="quick-post-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={POST_MAX_LENGTH}
          rows={3}
          placeholder="How's your morning going?"
          className="w-full resize-none rounded-xl border border-line bg-surface-muted px-3 py-2 text-[15px] placeholder:text-faint focus:border-amber-400 focus:bg-surface focus:outline-none"
        />
        <div className="flex items-center justify-between gap-3">
          <span className="text-xs text-subtle">
            {text.length > POST_MAX_LENGTH * 0.9
              ? `${text.length}/${POST_MAX_LENGTH}`
              : 'Tip: post between 5 and 7 AM'}
          </span>
          <Button
            type="submit"
            variant="primary"
            data-testid="quick-post-submit"
            disabled={createPost.isPending}
          >
            {createPost.isPending ? 'POSTING...' : 'POST'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
