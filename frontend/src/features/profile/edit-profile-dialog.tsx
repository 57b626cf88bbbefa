import {
  BIO_MAX_LENGTH,
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  PROFILE_NAME_MAX_LENGTH,
  displayName,
  type UserProfile,
} from '@daybreak/contracts';
import { Camera, Pencil } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextArea, TextInput } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { displayInitial } from '@/features/auth/user-initial';
import { errorDetail } from '@/lib/api-client';
import { PhotoUploadError, useUpdateProfile, useUploadProfilePhoto } from './queries';

/** Spec §8: each step of a photo upload fails in its own words. */
function reportPhotoFailure(error: unknown): void {
  const step = error instanceof PhotoUploadError ? error.step : 'save';
  if (step === 'upload-url') {
    toast({ title: 'UPLOAD ERROR', description: 'Could not start the upload.', variant: 'destructive' });
  } else if (step === 'upload') {
    window.alert('Upload failed. Please try again.');
  } else {
    const detail = errorDetail(error instanceof PhotoUploadError ? error.cause : error);
    toast({ title: 'UPLOAD FAILED', description: detail ?? 'Please try again.', variant: 'destructive' });
  }
}

function Counter({ value, max, testId }: { value: string; max: number; testId: string }) {
  return (
    <span className="text-xs text-subtle tabular-nums" data-testid={testId} aria-live="polite">
      {value.length}/{max}
    </span>
  );
}

/** Own profile only: profile name, bio (with live counters) and photo. */
export function EditProfileDialog({ profile }: { profile: UserProfile }) {
  const [open, setOpen] = useState(false);
  const [profileName, setProfileName] = useState('');
  const [bio, setBio] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile(profile.id);
  const upload = useUploadProfilePhoto(profile.id);
  const nameId = useId();
  const bioId = useId();

  function openChange(next: boolean) {
    if (next) {
      setProfileName(profile.profileName ?? '');
      setBio(profile.bio ?? '');
    }
    setOpen(next);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { profileName, bio },
      {
        onSuccess: () => {
          toast({ title: 'PROFILE UPDATED', variant: 'success' });
          setOpen(false);
        },
        onError: (error) =>
          toast({
            title: 'UPDATE FAILED',
            description: errorDetail(error) ?? 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  }

  function choosePhoto(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      window.alert('Please choose an image file.');
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      window.alert(FILE_TOO_LARGE_MESSAGE);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'PHOTO UPLOADED', variant: 'success' }),
      onError: reportPhotoFailure,
    });
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="edit-profile-button">
          <Pencil aria-hidden="true" /> EDIT PROFILE
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="edit-profile-dialog">
        <DialogTitle>EDIT PROFILE</DialogTitle>
        <DialogDescription>How other early risers see you.</DialogDescription>

        <div className="flex items-center gap-4">
          <Avatar
            src={profile.profileImageUrl}
            initial={displayInitial(profile)}
            alt={displayName(profile)}
            size="lg"
          />
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Profile photo"
            data-testid="profile-photo-input"
            onChange={(event) => choosePhoto(event.target.files?.[0])}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
            data-testid="profile-photo-button"
          >
            <Camera aria-hidden="true" /> {upload.isPending ? 'UPLOADING...' : 'CHANGE PHOTO'}
          </Button>
        </div>

        <form className="space-y-4" onSubmit={save}>
          <div className="space-y-1">
            <div className="flex items-center justify-between">
              <label htmlFor={nameId} className="text-sm font-bold">
                Profile name
              </label>
              <Counter value={profileName} max={PROFILE_NAME_MAX_LENGTH} testId="profile-name-counter" />
            </div>
            <TextInput
              id={nameId}
              value={profileName}
              maxLength={PROFILE_NAME_MAX_LENGTH}
              onChange={(event) => setProfileName(event.target.value)}
              placeholder="How should we call you?"
              data-testid="profile-name-input"
            />
          </div>
          <div className="space-y-1">
            <div className="flex items-center justify-between">
              <label htmlFor={bioId} className="text-sm font-bold">
                Bio
              </label>
              <Counter value={bio} max={BIO_MAX_LENGTH} testId="profile-bio-counter" />
            </div>
            <TextArea
              id={bioId}
              rows={4}
              value={bio}
              maxLength={BIO_MAX_LENGTH}
              onChange={(event) => setBio(event.target.value)}
              placeholder="What gets you up at 5?"
              data-testid="profile-bio-input"
            />
          </div>
          <DialogActions
            label="SAVE"
            pending={update.isPending}
            pendingLabel="SAVING..."
            variant="primary"
            cancelVariant="ghost"
            testId="profile-save"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
