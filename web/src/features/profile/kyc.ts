/**
 * Identity verification (KYC). DESIGN.md: documents are uploaded through the images upload call
 * with a KYC image type, and the status is read from the member's KYC requests.
 */
import type { Image, KycRequest } from '@matchmaker/sdk/schemas';
import type { SelectOption } from '../../components/choice-fields';

/** The image type that files an upload as an identity document rather than a photo. */
export const KYC_DOCUMENT_IMAGE_TYPE = 'KYC Document';

export function isVerificationImage(image: Pick<Image, 'image_type'>): boolean {
  return /kyc/i.test(image.image_type);
}

export const DOCUMENT_TYPES: readonly SelectOption[] = [
  { value: 'PASSPORT', label: 'Passport' },
  { value: 'NATIONAL_ID', label: 'National identity card' },
  { value: 'DRIVERS_LICENSE', label: "Driver's licence" },
];

export type KycStatus = KycRequest['status'];

export const STATUS_TEXT: Record<KycStatus | 'NONE', { label: string; tone: string; explain: string }> = {
  NONE: { label: 'Not verified', tone: 'neutral', explain: 'You have not sent any document yet.' },
  PENDING: {
    label: 'Waiting for review',
    tone: 'info',
    explain: 'Your documents are in the queue. Our team usually reviews them within two working days.',
  },
  IN_REVIEW: {
    label: 'In review',
    tone: 'info',
    explain: 'A member of our team is looking at your documents now.',
  },
  APPROVED: {
    label: 'Verified',
    tone: 'success',
    explain: 'Your identity is verified. Members see the verified mark.',
  },
  REJECTED: {
    label: 'Not accepted',
    tone: 'danger',
    explain: 'We could not verify your identity from these documents. Read the note and send new ones.',
  },
};

/** Files an identity document may be: photos or scans (images) and PDFs. */
export function isAcceptedDocument(file: File): boolean {
  return file.type.startsWith('image/') || file.type === 'application/pdf';
}
