/**
 * Feature switches with their subfeatures. A toggle shows its new state at once and is rolled
 * back, with an error toast, when the call fails. While one switch's call runs, that switch is
 * busy, so a double click cannot send two toggles that cancel each other.
 */
import { useState } from 'react';
import { PageHeading } from '../../../components/index';
import { PAGE_FRAMES } from '../../../config/page-frames';
import { describeError } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { listFeatures, toggleFeature } from '../admin-actions';
import { formatDateTime } from '../lib/format';
import { RemoteView } from '../lib/remote-view';
import type { Feature } from '../lib/types';
import { useRemote } from '../lib/use-remote';

interface FeatureList {
  features: Feature[];
}

function withSwitch(
  list: FeatureList,
  code: string,
  subfeature: string | null,
  enabled: boolean,
): FeatureList {
  return {
    ...list,
    features: list.features.map((feature) => {
      if (feature.code !== code) return feature;
      if (subfeature === null) return { ...feature, enabled };
      return {
        ...feature,
        subfeatures: feature.subfeatures.map((sub) => (sub.code === subfeature ? { ...sub, enabled } : sub)),
      };
    }),
  };
}

export default function FeaturesPage() {
  const remote = useRemote<FeatureList>('features', listFeatures);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const toggle = async (feature: Feature, subfeature: { code: string; enabled: boolean } | null) => {
    const key = subfeature ? `${feature.code}/${subfeature.code}` : feature.code;
    if (busy.has(key)) return;
    const next = !(subfeature ?? feature).enabled;
    const label = subfeature
      ? `${feature.name ?? feature.code}: ${subfeature.code}`
      : (feature.name ?? feature.code);
    setBusy((set) => new Set(set).add(key));
    remote.update((list) => withSwitch(list, feature.code, subfeature?.code ?? null, next));
    try {
      const answer = await toggleFeature(feature.code, subfeature?.code ?? null);
      // The server's answer is the truth (another admin may have switched it meanwhile).
      remote.update((list) => ({
        ...list,
        features: list.features.map((entry) => (entry.code === answer.feature.code ? answer.feature : entry)),
      }));
      notify.success(`${label} is ${next ? 'on' : 'off'}`);
    } catch (error) {
      remote.update((list) => withSwitch(list, feature.code, subfeature?.code ?? null, !next));
      notify.error(`${label} could not be switched: ${describeError(error)}`);
    } finally {
      setBusy((set) => {
        const rest = new Set(set);
        rest.delete(key);
        return rest;
      });
    }
  };

  return (
    <section className="admin-page">
      <PageHeading {...PAGE_FRAMES.admin.features} />
      <RemoteView remote={remote} label="features" isEmpty={(data) => data.features.length === 0}>
        {(data) => (
          <ul className="admin-features">
            {data.features.map((feature) => (
              <li key={feature.code} className="admin-card">
                <Switch
                  label={feature.name ?? feature.code}
                  detail={feature.code}
                  checked={feature.enabled}
                  busy={busy.has(feature.code)}
                  onToggle={() => void toggle(feature, null)}
                />
                {feature.description ? <p className="admin-muted">{feature.description}</p> : null}
                {feature.updated_at ? (
                  <p className="admin-muted">Changed {formatDateTime(feature.updated_at)}</p>
                ) : null}
                {feature.subfeatures.length > 0 ? (
                  <ul
                    className="admin-features__subs"
                    aria-label={`Subfeatures of ${feature.name ?? feature.code}`}
                  >
                    {feature.subfeatures.map((sub) => (
                      <li key={sub.code}>
                        <Switch
                          label={sub.name ?? sub.code}
                          detail={sub.code}
                          checked={sub.enabled}
                          busy={busy.has(`${feature.code}/${sub.code}`)}
                          onToggle={() => void toggle(feature, sub)}
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </RemoteView>
    </section>
  );
}

function Switch({
  label,
  detail,
  checked,
  busy,
  onToggle,
}: {
  label: string;
  detail: string;
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      className="admin-switch"
      onClick={onToggle}
    >
      <span className="admin-switch__track" aria-hidden="true">
        <span className="admin-switch__thumb" />
      </span>
      <span className="admin-switch__label">
        {label} <span className="admin-muted">({detail})</span>
      </span>
      <span className="admin-switch__state" aria-hidden="true">
        {checked ? 'On' : 'Off'}
      </span>
    </button>
  );
}
