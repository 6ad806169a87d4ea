/**
 * A page's frame, shown on a member or admin page while who is signed in is not known yet (user
 * info on its way), and on a member, admin or account page while its area's chunk is still loading:
 * the screen's heading and static lead (config/page-frames.ts, the same the screen renders, in the
 * place the screen puts it) and a busy region where its lists or form go, so the page's layout
 * paints at once (issue 24). Nothing in it is a member's data or back-office UI: the back office's
 * frame keeps its navigation's place empty. A screen without a frame gets the spinner.
 */
import { routeArea } from '@matchmaker/sdk/rules';
import { matchRoute, useRouter } from 'wouter';
import { PageHeading, Spinner } from '../components/index';
import { pageFrameAt, phoneLayoutClass } from '../config/page-frames';

export function PageFrameAt({ path, label }: { path: string; label: string }) {
  const { parser } = useRouter();
  const frame = pageFrameAt(path, (pattern, at) => matchRoute(parser, pattern, at)[0]);
  if (!frame) return <Spinner label={label} />;
  const body = (
    <>
      <PageHeading title={frame.title} lead={frame.lead} namedByScreen={frame.namedByScreen} />
      <div className="page-frame__lists" aria-busy="true">
        <Spinner label={label} />
      </div>
    </>
  );
  const area = routeArea(path);
  // The account screens' forms are narrow (their screens' own class).
  if (area === 'account') return <section className="page page--narrow">{body}</section>;
  if (area !== 'admin') return <section className={`page${phoneLayoutClass(frame)}`}>{body}</section>;
  return (
    <div className="admin">
      <div className="admin-nav admin-nav--frame" aria-hidden="true" />
      <div className="admin__main">
        <section className="admin-page">{body}</section>
      </div>
    </div>
  );
}
