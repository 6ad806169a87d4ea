export { AppLink, type AppLinkProps, absolute } from './app-link';
export { Button, ButtonLink, type ButtonLinkProps, type ButtonProps, type ButtonVariant } from './button';
export { FormError, type FormErrorProps } from './form-error';
export { NotFound } from './not-found';
export { PageHeading, type PageHeadingProps } from './page-heading';
export { EmptyState, type EmptyStateProps, ErrorState, type ErrorStateProps, Spinner } from './states';
export { TextField, type TextFieldProps } from './text-field';
