import { AppLink, ButtonLink } from '../../components/index';
import { PATHS } from '../../config/paths';
import { FAITHS, faithPath } from './faiths';

const STEPS = [
  {
    title: 'Create your profile',
    text: 'Tell us about your faith, your family and what you hope for in a marriage. It takes about ten minutes.',
  },
  {
    title: 'Receive recommendations',
    text: 'We suggest members who share your values and live where you could build a life together.',
  },
  {
    title: 'Connect when you are both ready',
    text: 'Send a match request. Only when both of you accept can you talk, so every conversation is welcome.',
  },
] as const;

export function LandingPage() {
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero__inner">
          <p className="eyebrow">Traditional matchmaking for people of faith</p>
          <h1 className="hero__title" tabIndex={-1} data-page-heading>
            Find a spouse who shares your faith and your values
          </h1>
          <p className="hero__lead">
            Matchmaker introduces serious, verified singles to each other for marriage, not for swiping. Your
            faith, your family and your privacy come first.
          </p>
          <div className="cta-row">
            <ButtonLink href={PATHS.register}>Create your free profile</ButtonLink>
            <ButtonLink href={PATHS.login} variant="secondary">
              Log in
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="faiths-title">
        <h2 id="faiths-title">Five faiths, one respectful place</h2>
        <ul className="faiths">
          {FAITHS.map((faith) => (
            <li key={faith.id}>
              <AppLink href={faithPath(faith.id)} className="card faiths__card">
                <span className="faiths__name">{faith.adjective} singles</span>
                <span className="faiths__intro">{faith.intro}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--tinted" aria-labelledby="trust-title">
        <h2 id="trust-title">Privacy and verification</h2>
        <div className="trust">
          <div className="card">
            <h3>Every member verified</h3>
            <p>
              Members confirm their email and can verify their identity with a document, reviewed by our
              staff. Verified profiles are marked so you know who you are talking to.
            </p>
          </div>
          <div className="card">
            <h3>Your details stay yours</h3>
            <p>
              You choose whether your profile and contact details are visible. Your exact location is never
              shown, and only mutual matches can message you.
            </p>
          </div>
          <div className="card">
            <h3>A team that watches over it</h3>
            <p>
              Photos are reviewed, members can block and report anyone, and our staff act on every report.
            </p>
          </div>
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to meet someone who shares your faith?</h2>
        <p>Joining is free. Complete your profile and your first recommendations arrive right away.</p>
        <ButtonLink href={PATHS.register}>Join Matchmaker</ButtonLink>
      </section>
    </div>
  );
}
