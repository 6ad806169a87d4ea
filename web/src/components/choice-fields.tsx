/**
 * Form fields beyond the text input: a select, a multi-line text, a checkbox and a radio group,
 * with the same label, hint and error wiring as TextField (errors tied with aria-describedby).
 * Kept out of the first load and out of components/index.ts: screens import this file directly.
 */
import './choice-fields.css';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface Described {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

function describedBy(id: string, hint: ReactNode, error: string | null | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's label, hint and error around its control; `after` goes under the error. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  required,
  children,
  after,
}: Described & { id: string; required?: boolean | undefined; children: ReactNode; after?: ReactNode }) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? <span className="field__required"> (required)</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>, Described {
  options: readonly SelectOption[];
  /** The label of the empty choice ('Choose…'); omit to have none. */
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  required,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      <select
        {...select}
        id={id}
        required={required}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>,
    Described {}

export function TextAreaField({ label, error, hint, required, ...area }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      <textarea
        {...area}
        id={id}
        required={required}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

export interface CheckboxFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>,
    Omit<Described, 'label'> {
  label: ReactNode;
}

export function CheckboxField({ label, error, hint, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <div className="checkbox">
        <input
          {...input}
          type="checkbox"
          id={id}
          className="checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface RadioGroupProps extends Described {
  name: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  required?: boolean;
}

/** A fieldset of radio buttons; the legend names the group, the error is tied to every option. */
export function RadioGroup({
  label,
  error,
  hint,
  name,
  value,
  options,
  onChange,
  required,
}: RadioGroupProps) {
  const id = useId();
  const described = describedBy(id, hint, error);
  return (
    <fieldset className={error ? 'field field--invalid radio-group' : 'field radio-group'}>
      <legend className="field__label">
        {label}
        {required ? <span className="field__required"> (required)</span> : null}
      </legend>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="radio-group__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export interface FileFieldProps extends Omit<Described, 'hint'> {
  /** Fixed, so tests and labels can name it. */
  id: string;
  name: string;
  accept: string;
  multiple?: boolean;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onFiles: (files: File[]) => void;
  /** Drawn under the error (the chosen files). */
  children?: ReactNode;
}

/** A file input with the same label and error wiring; the browser draws the picker. */
export function FileField({
  id,
  label,
  error,
  required,
  inputRef,
  onFiles,
  children,
  ...input
}: FileFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} required={required} after={children}>
      <input
        {...input}
        ref={inputRef}
        id={id}
        type="file"
        className="field__file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, null, error)}
        onChange={(event) => onFiles([...(event.target.files ?? [])])}
      />
    </FieldFrame>
  );
}
