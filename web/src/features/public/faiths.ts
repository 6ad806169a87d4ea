import type { ReligionWithPage } from '@matchmaker/sdk/rules';

export interface Faith {
  readonly id: ReligionWithPage;
  /** How members of the faith are named in headings ("Muslim singles"). */
  readonly adjective: string;
  readonly title: string;
  readonly description: string;
  readonly intro: string;
  readonly values: readonly string[];
}

/** The public path of a faith's page: four segments, the second the faith (SDK's isReligionPage). */
export function faithPath(id: ReligionWithPage): string {
  return `/faith/${id}/marriage/singles`;
}

export const FAITHS: readonly Faith[] = [
  {
    id: 'christian',
    adjective: 'Christian',
    title: 'Christian Marriage and Matchmaking | Matchmaker',
    description:
      'Meet Christian singles who are serious about marriage. Verified profiles, church denomination and values first, introductions with care.',
    intro:
      'For Christians looking for a spouse who shares their faith, their church life and their hopes for a family.',
    values: [
      'Match on denomination and church involvement',
      'Profiles verified by our team',
      'Introductions that respect your pace',
    ],
  },
  {
    id: 'muslim',
    adjective: 'Muslim',
    title: 'Muslim Marriage and Matchmaking | Matchmaker',
    description:
      'A halal-minded way to find a spouse: Muslim singles seeking nikah, verified profiles, privacy for your photos and family involvement welcome.',
    intro:
      'For Muslims seeking nikah with someone who shares their deen, with modesty and privacy respected at every step.',
    values: [
      'Intentions of marriage, stated up front',
      'Photo privacy you control',
      'Family involvement welcome',
    ],
  },
  {
    id: 'hindu',
    adjective: 'Hindu',
    title: 'Hindu Marriage and Matchmaking | Matchmaker',
    description:
      'Find a Hindu life partner who shares your traditions and family values. Verified profiles, thoughtful recommendations, private by default.',
    intro:
      'For Hindus looking for a life partner who honours the traditions, languages and family values they grew up with.',
    values: ['Match on traditions, language and family', 'Verified members only', 'Private by default'],
  },
  {
    id: 'jew',
    adjective: 'Jewish',
    title: 'Jewish Marriage and Matchmaking | Matchmaker',
    description:
      'Meet Jewish singles looking for marriage, across observance levels. Verified profiles and thoughtful introductions in the spirit of the shadchan.',
    intro:
      'For Jewish singles hoping to build a home together, in the tradition of the shadchan and at your level of observance.',
    values: ['Match on observance and community', 'Verified profiles', 'Introductions, not swiping'],
  },
  {
    id: 'mormon',
    adjective: 'Latter-day Saint',
    title: 'Latter-day Saint Marriage and Matchmaking | Matchmaker',
    description:
      'Meet Latter-day Saint singles who share your covenants and goals. Verified profiles and recommendations built around faith and family.',
    intro:
      'For members of The Church of Jesus Christ of Latter-day Saints looking for an eternal companion who shares their covenants.',
    values: ['Faith and family goals first', 'Verified members', 'Respectful, private conversations'],
  },
];

export function findFaith(id: string): Faith | undefined {
  return FAITHS.find((faith) => faith.id === id.toLowerCase());
}
