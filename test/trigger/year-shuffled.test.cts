// The simulated year (year-world.cts) in the worlds listed shuffled.
import { yearIn } from './year-world.cts';

yearIn('shuffled');
