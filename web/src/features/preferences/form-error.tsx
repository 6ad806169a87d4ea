/** A form-level error, announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form__error" role="alert">
      {message}
    </p>
  );
}
