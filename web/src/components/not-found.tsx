import { ButtonLink } from './button';
import { PageHeading } from './page-heading';

/** SPEC.md section 2's not-found page; every area's unknown sub-path renders it too. */
export function NotFound() {
  return (
    <section className="page page--narrow not-found">
      <PageHeading title="Page Not Found">
        <p>Sorry, the page you are looking for could not be found</p>
      </PageHeading>
      <ButtonLink href="/">Return home</ButtonLink>
    </section>
  );
}
