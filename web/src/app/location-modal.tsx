/**
 * The location-access modal of SPEC.md section 2. It blocks the screen for logged-in members
 * (never admins), cannot be dismissed with Escape, and runs the SDK's location flow: browser
 * geolocation, the IP-based fallback, the location update and the device registration.
 */
import { detectBrowser } from '@matchmaker/sdk';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Dialog } from '../components/dialog';
import { Button } from '../components/index';
import { PATHS } from '../config/paths';
import { reportError } from '../lib/report';
import { notify } from '../lib/toast';
import { sessionState } from '../state/session';
import { onSessionEnd } from '../state/session-end';
import { deferLocationUntilOnline, setLocationModal, uiState, visitMatches } from '../state/ui';
import { locateMember } from './locate';

const INSTRUCTIONS = [
  {
    browser: 'Chrome or Edge',
    steps:
      'Select the site-information icon to the left of the address bar, open Site settings, set Location to Allow, then reload the page.',
  },
  {
    browser: 'Firefox',
    steps:
      'Select the permissions icon to the left of the address bar, clear the Blocked setting next to Access your location, then reload the page.',
  },
  {
    browser: 'Safari',
    steps:
      'Open Safari, then Settings for this website (or Settings, Websites, Location), set Location to Allow, then reload the page.',
  },
] as const;

/** The location flow in flight; a logout stops it, so no call is made for an ended session. */
let flow: AbortController | null = null;
onSessionEnd(() => {
  flow?.abort();
  flow = null;
});

export default function LocationModal() {
  const session = useSnapshot(sessionState);
  const ui = useSnapshot(uiState);
  const [path] = useLocation();
  const [browser] = useState(() => detectBrowser(navigator.userAgent));

  const isMember = session.status === 'member';
  useEffect(() => {
    if (isMember && path.toLowerCase().startsWith(PATHS.matches)) visitMatches();
  }, [isMember, path]);

  // Asking is only needed when the browser would prompt: with permission already granted the flow
  // runs at once and the modal never shows. Each ask checks the permission again.
  const [checkedAsk, setCheckedAsk] = useState(-1);
  const checked = checkedAsk === ui.locationAsk;
  const [silent, setSilent] = useState(false);
  useEffect(() => {
    if (!isMember || ui.locationModal !== 'prompt' || checked) return;
    const ask = ui.locationAsk;
    let cancelled = false;
    geolocationPermission().then((state) => {
      if (cancelled) return;
      setCheckedAsk(ask);
      setSilent(state === 'granted');
      if (state === 'granted') void request(true);
    });
    return () => {
      cancelled = true;
    };
  });

  if (!isMember || ui.locationModal === 'hidden') return null;
  if (ui.locationModal === 'prompt' && !checked) return null;
  if (ui.locationModal === 'working' && silent) return null;

  /** Runs the flow; `quiet` when the member did not ask (permission was already granted). */
  async function request(quiet = false) {
    setLocationModal('working');
    flow?.abort();
    const controller = new AbortController();
    flow = controller;
    try {
      const result = await locateMember(controller.signal);
      // The session ended meanwhile: its modal is gone with it.
      if (result === null || controller.signal.aborted) return;
      if (result.status === 'accepted') {
        setLocationModal('hidden');
        if (result.location && !quiet)
          notify.success(`Location set to ${result.location.city}, ${result.location.country}`);
      } else if (result.unreachable && !result.location) {
        // No answer, not a refusal: the 'disabled' dialog would send the member to a browser
        // setting that may be fine, and its Reload, offline, to the browser's error page.
        deferLocationUntilOnline();
        if (!quiet)
          notify.warning(
            'Your location could not be checked: no connection. It will be checked when you are back online.',
          );
      } else {
        setLocationModal('denied');
      }
    } catch (error) {
      // The session ended mid-flow: its calls fail as logged out, and the next session asks anew.
      if (controller.signal.aborted) return;
      reportError(error);
      setLocationModal('denied');
    }
  }

  if (ui.locationModal === 'denied') {
    return (
      <Dialog
        open
        dismissible={false}
        title="Location Access Disabled"
        actions={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        <p>
          Matchmaker uses your location only to improve your matches. Location access is turned off for this
          site. To turn it on:
        </p>
        <ul className="instructions">
          {INSTRUCTIONS.map((item) => (
            <li
              key={item.browser}
              className={
                browser.toLowerCase().includes(item.browser.split(' ')[0]?.toLowerCase() ?? '')
                  ? 'instructions__item instructions__item--current'
                  : 'instructions__item'
              }
            >
              <strong>{item.browser}:</strong> {item.steps}
            </li>
          ))}
        </ul>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      dismissible={false}
      title="Enable Location Access"
      actions={
        <Button onClick={() => request()} busy={ui.locationModal === 'working'}>
          Request Location Access
        </Button>
      }
    >
      <p>
        Matchmaker uses your location only to improve your matches: to suggest people near you and show how
        far away they are. Your exact position is never shown to other members.
      </p>
    </Dialog>
  );
}

async function geolocationPermission(): Promise<PermissionState | 'unknown'> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return 'unknown';
  }
}
