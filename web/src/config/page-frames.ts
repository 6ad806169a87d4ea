/**
 * The frame of each member and admin screen, and of the account screens whose heading is the same
 * for everybody: its heading and static lead, keyed by the screens of route-patterns.ts. The
 * screen renders its heading from here, and the shell renders the same heading, with a busy region
 * where the screen's lists (or form) go, from the first render of a signed-in page load, while user
 * info is on its way, and of a page loaded on an account screen, while its chunks are (issue 24:
 * until then the page showed a spinner, and its first text painted only once user info had
 * answered or, on the register form, once its chunks and the SDK's schemas had arrived and run).
 * Only what anybody may see goes here: the shell shows it before the guard knows whether the page
 * is theirs, so never a member's data (a lead naming the member stays in the screen) and nothing
 * of the back office but its titles.
 * A screen not listed (its heading is data, or something stands above it) gets the spinner.
 */
import { ADMIN_USERS_PAGE_SIZE, FLAGGED_IMAGES_PAGE_SIZE, KYC_PAGE_SIZE } from '@matchmaker/sdk/rules';
import { AREA_SCREENS, joinPattern, SCREENS } from './route-patterns';

export interface PageFrame {
  /** The screen's h1. */
  readonly title: string;
  /** Its lead paragraph: the same for everybody. */
  readonly lead?: string;
  /**
   * `full-screen`: on a phone the screen fills the view below the app's header, as an open
   * conversation does, and its heading is read by screen readers but not shown (the conversation's
   * own header says where the member is). Wider, the heading shows as on any screen.
   */
  readonly phoneLayout?: 'full-screen';
  /**
   * The screen's own heading says where the member is (an open conversation: whom with), so focus
   * goes on to it after navigation (components/page-heading.tsx); on a phone the page's heading
   * is not shown there.
   */
  readonly namedByScreen?: true;
}

type Frames = {
  readonly [S in keyof typeof SCREENS]?: { readonly [K in keyof (typeof SCREENS)[S]]?: PageFrame };
};

const MESSAGES: PageFrame = { title: 'Messages', lead: 'Conversations with your mutual matches.' };

export const PAGE_FRAMES = {
  account: {
    login: { title: 'Log in', lead: 'Welcome back. Log in to see your matches and messages.' },
    register: {
      title: 'Create your account',
      lead: 'Join a community of people of faith looking for marriage. It is free.',
    },
    forgotPassword: {
      title: 'Forgot your password?',
      lead: 'Enter the email address of your account and we will send you a link to choose a new password.',
    },
  },
  profile: {
    details: { title: 'Your profile' },
    photos: {
      title: 'Your photos',
      lead: 'Members who see a clear, recent photo are far more likely to reply. Photos are reviewed by our team.',
    },
    verification: {
      title: 'Identity verification',
      lead: 'Verified members show others they are who they say they are. Only our review team sees your documents, and they are never shown on your profile.',
    },
  },
  payments: {
    plans: {
      title: 'Plans and subscription',
      lead: "Your current plan and the plans you can choose. Payment happens on our payment provider's secure page.",
    },
  },
  notifications: {
    list: { title: 'Notifications', lead: 'Match requests, messages and account news, newest first.' },
  },
  preferences: {
    settings: {
      title: 'Preferences and settings',
      lead: 'How Matchmaker contacts you, who can see your profile, and your account settings.',
    },
  },
  matches: {
    recommendations: { title: 'Matches', lead: 'Members chosen for you. Accept to send a match request.' },
    requests: { title: 'Match requests', lead: 'Requests waiting for an answer.' },
    mutual: { title: 'Mutual matches', lead: 'Members who said yes. Start a conversation.' },
  },
  messages: { rooms: MESSAGES, room: { ...MESSAGES, phoneLayout: 'full-screen', namedByScreen: true } },
  admin: {
    home: { title: 'Back office', lead: 'Keep members safe and the service running.' },
    users: { title: 'Users', lead: `${ADMIN_USERS_PAGE_SIZE} per page, newest first.` },
    kyc: {
      title: 'KYC review',
      lead: `Identity verification requests, ${KYC_PAGE_SIZE} per page, newest first.`,
    },
    images: {
      title: 'Flagged images',
      lead: `Images members reported, ${FLAGGED_IMAGES_PAGE_SIZE} per page. Keep an image to clear its flag; remove it to delete it.`,
    },
    features: { title: 'Features', lead: 'Switch features and their subfeatures for every member.' },
    analytics: { title: 'Analytics' },
    logs: { title: 'Logs' },
    referrals: { title: 'Referrals' },
  },
} as const satisfies Frames;

/** The class a screen's section adds for its frame's `phoneLayout` (styles/layout.css). */
export function phoneLayoutClass(frame: PageFrame): string {
  return frame.phoneLayout === 'full-screen' ? ' page--phone-full' : '';
}

/** Each listed screen's full path pattern (area path and screen pattern), with its frame. */
const FRAMED: readonly { readonly pattern: string; readonly frame: PageFrame }[] = AREA_SCREENS.flatMap(
  ({ path, screens }) => {
    const frames: Readonly<Record<string, PageFrame | undefined>> = (PAGE_FRAMES as Frames)[screens] ?? {};
    const patterns: Readonly<Record<string, string>> = SCREENS[screens];
    return Object.entries(frames).flatMap(([screen, frame]) => {
      const pattern = patterns[screen];
      return frame && pattern !== undefined ? [{ pattern: joinPattern(path, pattern), frame }] : [];
    });
  },
);

/**
 * The frame of the screen at `path`, or null. `matches` is the router's own matching of a full
 * pattern against the path (the shell passes wouter's), so a frame shows exactly where its screen would.
 */
export function pageFrameAt(
  path: string,
  matches: (pattern: string, path: string) => boolean,
): PageFrame | null {
  return FRAMED.find(({ pattern }) => matches(pattern, path))?.frame ?? null;
}
