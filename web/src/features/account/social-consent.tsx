/** The consent prompt before leaving for the social sign-in provider (loaded when asked for). */
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { Button } from '../../components/index';
import { type SocialProvider, socialSignInUrl } from './social-sign-in';

export default function SocialConsent({
  provider,
  next,
  onClose,
}: {
  provider: SocialProvider;
  /** Where to continue after signing in (the login page's `next`), carried across the provider. */
  next: string | null;
  onClose: () => void;
}) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Dialog
      open
      title="Sign in with your social account?"
      onClose={onClose}
      actions={
        <>
          <Button
            busy={leaving}
            onClick={() => {
              setLeaving(true);
              window.location.assign(socialSignInUrl(provider, next));
            }}
          >
            Continue to sign in
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={leaving}>
            Cancel
          </Button>
        </>
      }
    >
      <p>
        You will leave Matchmaker for the sign-in provider. With your permission it shares your name and email
        address with us; we never see your password there and never post anything.
      </p>
      <p>If you are new, an account is created and you will be asked a few details to complete it.</p>
    </Dialog>
  );
}
