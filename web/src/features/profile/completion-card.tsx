/** The completion percentage (the SDK's rule) and what is still missing, each a way to the field. */
import type { User } from '@matchmaker/sdk';
import { missingProfileFields, profileCompletion } from '@matchmaker/sdk/rules';
import type { ProfileField } from '@matchmaker/sdk/schemas';
import { fieldLabel } from '../../lib/profile-fields';

export function CompletionCard({ user, onPick }: { user: User; onPick: (field: ProfileField) => void }) {
  const percent = profileCompletion(user);
  const missing = missingProfileFields(user);
  return (
    <section className="card completion" aria-labelledby="completion-title">
      <h2 id="completion-title" className="completion__title">
        Your profile is <strong data-testid="profile-completion">{percent}%</strong> complete
      </h2>
      <progress className="meter" max={100} value={percent} aria-label="Profile completion" />
      {missing.length > 0 ? (
        <>
          <p className="completion__lead">
            Complete profiles get better recommendations. Still missing ({missing.length}):
          </p>
          <ul className="completion__missing" data-testid="profile-missing">
            {missing.map((field) => (
              <li key={field}>
                <button type="button" className="chip" onClick={() => onPick(field)}>
                  {fieldLabel(field)}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="completion__lead">Every field is filled in. Thank you.</p>
      )}
    </section>
  );
}
