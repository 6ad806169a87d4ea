import { useEffect } from 'react';
import { ButtonLink, NotFound, PageHeading } from '../../components/index';
import { PATHS } from '../../config/paths';
import { applyPageMeta, ownPageMeta } from '../../lib/meta';
import { type Faith, findFaith } from './faiths';

/** A religion page: it sets its own title and description (the SDK keeps the defaults off it). */
export function ReligionPage({ religion }: { religion: string }) {
  const faith = findFaith(religion);
  if (!faith) return <NotFound />;
  return <FaithContent faith={faith} />;
}

function FaithContent({ faith }: { faith: Faith }) {
  useEffect(() => applyPageMeta(ownPageMeta(faith.title, faith.description)), [faith]);
  return (
    <article className="page">
      <PageHeading title={`${faith.adjective} marriage and matchmaking`}>
        <p>{faith.intro}</p>
      </PageHeading>
      <ul className="feature-list">
        {faith.values.map((value) => (
          <li key={value} className="card feature-list__item">
            {value}
          </li>
        ))}
      </ul>
      <p>{faith.description}</p>
      <div className="cta-row">
        <ButtonLink href={PATHS.register}>Create your free profile</ButtonLink>
        <ButtonLink href={PATHS.login} variant="secondary">
          Log in
        </ButtonLink>
      </div>
    </article>
  );
}
