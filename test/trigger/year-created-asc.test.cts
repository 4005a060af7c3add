// The simulated year (year-world.cts) in the worlds listed created-asc.
import { yearIn } from './year-world.cts';

yearIn('created-asc');
