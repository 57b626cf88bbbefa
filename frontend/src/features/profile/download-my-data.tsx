import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastActionError } from '@/features/auth/session';
import { downloadAccountExport } from '@/lib/account-api';

/** Hands a file to the browser's downloads, as a link with `download` would. */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * "Download my data" on the member's own profile (issue 42; Mastodon's and Bluesky's export): one
 * JSON file with their profile, posts, comments, likes, follows, badges, streaks and notifications.
 */
export function DownloadMyData() {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      const { file, name } = await downloadAccountExport();
      saveFile(file, name);
      toast({
        title: 'Your data is downloading',
        description: `${name} holds everything Daybreak keeps of you.`,
      });
    } catch (error) {
      toastActionError(error, 'Failed to prepare your data. Please try again later.');
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      variant="outline"
      disabled={pending}
      onClick={() => void download()}
      data-testid="download-my-data"
    >
      <Download aria-hidden="true" /> {pending ? 'PREPARING...' : 'DOWNLOAD MY DATA'}
    </Button>
  );
}
