/**
 * The payments area (/payments): plans and offers, the member's subscription, and checkout through
 * the payment provider's page. Routes inside are relative to the area (wouter `nest`).
 */
import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/index';
import { SCREENS } from '../../config/route-patterns';
import './payments.css';
import { PaymentsPage } from './payments-page';

const screens = SCREENS.payments;

export default function PaymentsArea() {
  return (
    <Switch>
      <Route path={screens.plans} component={PaymentsPage} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
