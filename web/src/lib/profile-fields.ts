/**
 * How the profile form, and a member's public profile in matches, show each of the 24 profile
 * fields (SPEC.md section 3). Shared, since two features show them. Which fields there
 * are, and the values a choice field takes, come from the SDK (PROFILE_FIELDS, PROFILE_CHOICES,
 * RELIGIONS_WITH_PAGES, COUNTRY_NAMES); this file only adds labels and input kinds. A stored value
 * outside the choices is still shown (and kept) as it is.
 */
import { COUNTRY_NAMES, RELIGIONS_WITH_PAGES } from '@matchmaker/sdk/rules';
import {
  PROFILE_CHOICES,
  PROFILE_FIELDS,
  type ProfileChoice,
  type ProfileChoiceField,
  type ProfileField,
} from '@matchmaker/sdk/schemas';
import type { SelectOption } from '../components/choice-fields';

export type FieldKind = 'text' | 'email' | 'number' | 'date' | 'textarea' | 'select' | 'yes-no';

export interface FieldSpec {
  label: string;
  kind: FieldKind;
  group: 'About you' | 'Faith and background' | 'Where you live' | 'Lifestyle' | 'Family';
  autoComplete?: string;
  hint?: string;
  options?: readonly SelectOption[];
}

/**
 * What the member reads for each value the SDK lists. Typed by the SDK's lists, so a value added
 * there fails the build here until it has a label.
 */
const CHOICE_LABELS: { readonly [F in ProfileChoiceField]: Readonly<Record<ProfileChoice<F>, string>> } = {
  sex: { female: 'Female', male: 'Male' },
  body_type: {
    slim: 'Slim',
    athletic: 'Athletic',
    average: 'Average',
    curvy: 'Curvy',
    muscular: 'Muscular',
    full_figured: 'Full figured',
  },
  education_level: {
    high_school: 'High school',
    vocational: 'Vocational',
    associate: 'Associate degree',
    bachelors: "Bachelor's degree",
    masters: "Master's degree",
    doctorate: 'Doctorate',
  },
  current_status: {
    employed: 'Employed',
    self_employed: 'Self-employed',
    student: 'Student',
    between_jobs: 'Between jobs',
    retired: 'Retired',
  },
  drinking_status: {
    never: 'Never',
    occasionally: 'Occasionally',
    socially: 'Socially',
    regularly: 'Regularly',
  },
  smoking_status: {
    never: 'Never',
    occasionally: 'Occasionally',
    regularly: 'Regularly',
    trying_to_quit: 'Trying to quit',
  },
  marital_type: {
    never_married: 'Never married',
    divorced: 'Divorced',
    widowed: 'Widowed',
    separated: 'Separated',
    annulled: 'Annulled',
  },
  want_children: { yes: 'Yes', no: 'No', maybe: 'Maybe', open_to_it: 'Open to it' },
};

/** The SDK's values of a choice field, in its order, with their labels. */
function choicesOf<F extends ProfileChoiceField>(field: F): SelectOption[] {
  const labels: Readonly<Record<string, string>> = CHOICE_LABELS[field];
  return PROFILE_CHOICES[field].map((value: string) => ({ value, label: labels[value] ?? value }));
}

const FAITH_LABELS: Record<(typeof RELIGIONS_WITH_PAGES)[number], string> = {
  christian: 'Christian',
  muslim: 'Muslim',
  hindu: 'Hindu',
  jew: 'Jewish',
  mormon: 'Latter-day Saint',
};

/** Country names through the SDK, alphabetical; the profile stores the name. */
const COUNTRY_OPTIONS: SelectOption[] = Object.values(COUNTRY_NAMES)
  .map((name) => ({ value: name, label: name }))
  .sort((a, b) => a.label.localeCompare(b.label));

export const FIELD_SPECS: Readonly<Record<ProfileField, FieldSpec>> = {
  username: { label: 'Username', kind: 'text', group: 'About you', autoComplete: 'username' },
  first_name: { label: 'First name', kind: 'text', group: 'About you', autoComplete: 'given-name' },
  last_name: { label: 'Last name', kind: 'text', group: 'About you', autoComplete: 'family-name' },
  email: { label: 'Email', kind: 'email', group: 'About you', autoComplete: 'email' },
  sex: {
    label: 'Sex',
    kind: 'select',
    group: 'About you',
    options: choicesOf('sex'),
  },
  date_of_birth: { label: 'Date of birth', kind: 'date', group: 'About you', autoComplete: 'bday' },
  height: { label: 'Height (cm)', kind: 'number', group: 'About you', autoComplete: 'off' },
  body_type: {
    label: 'Body type',
    kind: 'select',
    group: 'About you',
    options: choicesOf('body_type'),
  },
  about: {
    label: 'About me',
    kind: 'textarea',
    group: 'About you',
    hint: 'A few sentences about who you are and what you hope for in a marriage.',
  },
  religion: {
    label: 'Faith',
    kind: 'select',
    group: 'Faith and background',
    options: RELIGIONS_WITH_PAGES.map((value) => ({ value, label: FAITH_LABELS[value] })),
  },
  church_denomination: {
    label: 'Denomination or tradition',
    kind: 'text',
    group: 'Faith and background',
    autoComplete: 'off',
    hint: 'For example Baptist, Sunni, Orthodox, Vaishnava.',
  },
  ethnicity: { label: 'Ethnicity', kind: 'text', group: 'Faith and background', autoComplete: 'off' },
  education_level: {
    label: 'Education',
    kind: 'select',
    group: 'Faith and background',
    options: choicesOf('education_level'),
  },
  occupation: {
    label: 'Occupation',
    kind: 'text',
    group: 'Faith and background',
    autoComplete: 'organization-title',
  },
  current_status: {
    label: 'Work status',
    kind: 'select',
    group: 'Faith and background',
    options: choicesOf('current_status'),
  },
  country: { label: 'Country', kind: 'select', group: 'Where you live', options: COUNTRY_OPTIONS },
  state: { label: 'State or region', kind: 'text', group: 'Where you live', autoComplete: 'address-level1' },
  city: { label: 'City', kind: 'text', group: 'Where you live', autoComplete: 'address-level2' },
  open_for_relocation: { label: 'Open to relocating', kind: 'yes-no', group: 'Where you live' },
  drinking_status: {
    label: 'Drinking',
    kind: 'select',
    group: 'Lifestyle',
    options: choicesOf('drinking_status'),
  },
  smoking_status: {
    label: 'Smoking',
    kind: 'select',
    group: 'Lifestyle',
    options: choicesOf('smoking_status'),
  },
  marital_type: {
    label: 'Marital history',
    kind: 'select',
    group: 'Family',
    options: choicesOf('marital_type'),
  },
  has_children: { label: 'Has children', kind: 'yes-no', group: 'Family' },
  want_children: {
    label: 'Wants children',
    kind: 'select',
    group: 'Family',
    options: choicesOf('want_children'),
  },
};

export const FIELD_GROUPS = [
  'About you',
  'Faith and background',
  'Where you live',
  'Lifestyle',
  'Family',
] as const;

/** The fields of a group, in SPEC.md's order. */
export function fieldsOf(group: FieldSpec['group']): ProfileField[] {
  return PROFILE_FIELDS.filter((field) => FIELD_SPECS[field].group === group);
}

/** The label of a field, for the 'still missing' list. */
export function fieldLabel(field: ProfileField): string {
  return FIELD_SPECS[field].label;
}

/**
 * A stored value as a member reads it: a choice by its label ('Never married', 'Latter-day
 * Saint'), yes/no fields as Yes or No, anything else as written; null when there is nothing.
 */
export function valueLabel(field: ProfileField, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const spec = FIELD_SPECS[field];
  if (spec.kind === 'yes-no') {
    const input = toInput(spec, value);
    return input === '' ? String(value) : input === 'yes' ? 'Yes' : 'No';
  }
  const text = String(value);
  return spec.options?.find((option) => option.value === text)?.label ?? text;
}

/** The text a form input shows for a stored value. */
export function toInput(spec: FieldSpec, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (spec.kind === 'yes-no') {
    if (value === true || value === 'true' || value === 'yes') return 'yes';
    if (value === false || value === 'false' || value === 'no') return 'no';
    return '';
  }
  return String(value);
}

/** The value sent for an input's text; null clears the field. */
export function fromInput(spec: FieldSpec, text: string): string | number | boolean | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (spec.kind === 'number') return Number(trimmed);
  if (spec.kind === 'yes-no') return trimmed === 'yes';
  return trimmed;
}

/** Choices including a stored value the list does not know, so editing never loses it. */
export function optionsWith(spec: FieldSpec, current: string): readonly SelectOption[] {
  const options = spec.options ?? [];
  if (current === '' || options.some((option) => option.value === current)) return options;
  return [...options, { value: current, label: current.replaceAll('_', ' ') }];
}
