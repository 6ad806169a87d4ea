/**
 * The pages the emailed links open: /preferences/change-email?token=&email= and
 * /preferences/change-username?token=&username=. Each completes its change once (a token is
 * single-use, so a second render or a StrictMode re-run reuses the first call), then re-reads the
 * user so the header and the preferences show the new value.
 */
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { ButtonLink, ErrorState, PageHeading, Spinner } from '../../components/index';
import { PATHS } from '../../config/paths';
import { describeError } from '../../lib/error-message';
import { fieldErrorsOf } from '../../lib/form-errors';
import { reportError } from '../../lib/report';
import { confirmEmailChange, confirmUsernameChange } from './preferences-state';

const calls = new Map<string, Promise<string>>();

function once(key: string, call: () => Promise<string>): Promise<string> {
  let pending = calls.get(key);
  if (!pending) {
    pending = call();
    calls.set(key, pending);
  }
  return pending;
}

interface ConfirmSpec {
  title: string;
  /** The query parameter holding the new value. */
  param: 'email' | 'username';
  run: (value: string, token: string) => Promise<string>;
  done: (value: string) => string;
}

const SPECS = {
  email: {
    title: 'Confirm your new email address',
    param: 'email',
    run: confirmEmailChange,
    done: (value) => `Your email address is now ${value}.`,
  },
  username: {
    title: 'Confirm your new username',
    param: 'username',
    run: confirmUsernameChange,
    done: (value) => `Your username is now ${value}.`,
  },
} satisfies Record<string, ConfirmSpec>;

/** Server messages come without a full stop; the page adds a sentence after them. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

type Outcome = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

function ConfirmChange({ spec }: { spec: ConfirmSpec }) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const token = params.get('token') ?? '';
  const value = params.get(spec.param) ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });

  useEffect(() => {
    if (!token || !value) {
      setOutcome({
        kind: 'failed',
        message: `This link is incomplete: it needs a token and the new ${spec.param}.`,
      });
      return;
    }
    let live = true;
    once(`${spec.param}:${token}`, () => spec.run(value, token)).then(
      (changed) => live && setOutcome({ kind: 'done', message: spec.done(changed) }),
      (error: unknown) => {
        if (!live) return;
        const fields = Object.values(fieldErrorsOf(error));
        if (fields.length === 0) reportError(error);
        setOutcome({ kind: 'failed', message: fields.join(' ') || describeError(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [spec, token, value]);

  return (
    <section className="page page--narrow">
      <PageHeading title={spec.title} />
      {outcome.kind === 'working' ? <Spinner label="Confirming the change" /> : null}
      {outcome.kind === 'done' ? (
        <div className="card confirm-change" data-testid="change-confirmed">
          <p role="status">{outcome.message}</p>
          <ButtonLink href={PATHS.preferences}>Back to preferences</ButtonLink>
        </div>
      ) : null}
      {outcome.kind === 'failed' ? (
        <ErrorState
          title="The change could not be confirmed"
          message={`${sentence(outcome.message)} You can ask for a new link from your preferences.`}
          action={
            <ButtonLink href={PATHS.preferences} variant="secondary">
              Back to preferences
            </ButtonLink>
          }
        />
      ) : null}
    </section>
  );
}

export function ConfirmEmailChange() {
  return <ConfirmChange spec={SPECS.email} />;
}

export function ConfirmUsernameChange() {
  return <ConfirmChange spec={SPECS.username} />;
}
