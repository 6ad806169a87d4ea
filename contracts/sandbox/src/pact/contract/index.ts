/**
 * The provider states the Pact consumer tests use (contracts/src/states.ts), by their exact
 * names. Each sets up records with exactly the ids, tokens and values the consumer passes as
 * parameters, so the pacts' example values work as they are; each also answers them, for the
 * `fromProviderState` expressions.
 */
import './accounts';
import './back-office';
import './social';
import './commerce';
import './realtime';
