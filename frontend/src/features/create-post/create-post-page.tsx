import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  POST_MAX_LENGTH,
  type CreatePostResponse,
} from '@daybreak/contracts';
import { useNavigate } from '@tanstack/react-router';
import { ImagePlus, PenLine, X } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextArea } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/use-toast';
import { toastActionError } from '@/features/auth/session';
import { SignInPrompt } from '@/features/auth/sign-in-prompt';
import { useAuth } from '@/features/auth/use-auth';
import { CelebrationDialog } from '@/features/celebration/celebration-dialog';
import { useCreatePost } from '@/features/posts/queries';
import { canSubmitPost, validateFullPost } from './create-post-validation';

interface Photo {
  file: File;
  /** A data URL: unlike an object URL it needs no revoking, which StrictMode's double effects would break. */
  preview: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('Could not read the photo'));
    reader.readAsDataURL(file);
  });
}

export function CreatePostPage() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return (
      <SignInPrompt
        title="SHARE YOUR MORNING"
        description="Sign in to post your morning and start your streak."
        returnTo="/create-post"
        icon={<PenLine className="size-10 text-accent" aria-hidden="true" />}
      />
    );
  }
  return <CreatePostForm />;
}

function CreatePostForm() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const createPost = useCreatePost();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [created, setCreated] = useState<CreatePostResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Error', description: 'Please choose an image file.', variant: 'destructive' });
      return;
    }
    // The upload would be refused (413) after sending it all; say so before, as the profile photo does.
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: 'Error', description: FILE_TOO_LARGE_MESSAGE, variant: 'destructive' });
      return;
    }
    try {
      setPhoto({ file, preview: await readAsDataUrl(file) });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not read that photo. Please try another.',
        variant: 'destructive',
      });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateFullPost(text, photo?.file ?? null);
    if (!result.ok) {
      toast({ title: 'Content Required', description: result.message, variant: 'destructive' });
      return;
    }
    createPost.mutate(
      { content: result.content, image: result.image },
      {
        onSuccess: (response) => setCreated(response),
        onError: (error) => toastActionError(error, 'Failed to create post. Please try again.'),
      },
    );
  }

  const submittable = canSubmitPost(text, photo?.file ?? null);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-black tracking-tight">SHARE YOUR MORNING</h1>
      <Card className="p-4">
        <form onSubmit={submit} className="space-y-4" aria-label="Create post">
          <label htmlFor="create-post-text" className="sr-only">
            What are you up to this morning?
          </label>
          <TextArea
            id="create-post-text"
            data-testid="create-post-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={POST_MAX_LENGTH}
            rows={6}
            placeholder="What are you up to this morning?"
          />

          {photo && (
            <div className="relative overflow-hidden rounded-xl border border-line">
              <img
                src={photo.preview}
                alt="Preview of your upload"
                className="max-h-96 w-full object-cover"
                data-testid="photo-preview"
              />
              <button
                type="button"
                onClick={() => setPhoto(null)}
                aria-label="Remove photo"
                data-testid="remove-photo"
                className="absolute top-2 right-2 rounded-full bg-stone-950/70 p-1.5 text-white hover:bg-stone-950"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          )}

          <div className="flex items-center justify-between gap-3">
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              aria-label="Photo"
              data-testid="create-post-photo-input"
              onChange={(event) => void choosePhoto(event)}
            />
            <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
              <ImagePlus aria-hidden="true" /> {photo ? 'Change photo' : 'Add photo'}
            </Button>
            <div className="flex items-center gap-3">
              <span className="text-xs text-subtle">
                {text.length}/{POST_MAX_LENGTH}
              </span>
              <Button
                type="submit"
                variant="primary"
                data-testid="create-post-submit"
                disabled={!submittable || createPost.isPending}
              >
                {createPost.isPending ? 'POSTING...' : 'POST'}
              </Button>
            </div>
          </div>
        </form>
      </Card>
      <p className="mt-3 text-center text-xs text-subtle">
        Posts between 4:30 and 6:30 AM your time count toward your streak.
      </p>

      <CelebrationDialog
        open={created !== null}
        classification={created?.post.timeClassification}
        newBadges={created?.newBadges}
        nextEligibleBadges={created?.nextEligibleBadges}
        onComplete={() => void navigate({ to: '/' })}
      />
    </div>
  );
}
