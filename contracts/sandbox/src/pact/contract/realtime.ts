/**
 * Provider states of the realtime (message) pacts. Message verification produces the payloads in
 * process (see eventSamples); over HTTP these only make sure the members exist.
 */
import { defineState } from '../registry';
import { member } from './params';

for (const name of [
  'member {matchId} is typing in the chat room {room}',
  'member {matchId} is online',
  'the access token of member {userId} expires while the chat channel is connected',
]) {
  defineState({
    name,
    description: 'Realtime state: the members exist (the event itself comes from the message producer).',
    setup(world, params) {
      for (const key of ['matchId', 'userId']) if (params[key] !== undefined) member(world, params, key);
      return {};
    },
  });
}
