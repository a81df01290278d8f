#pragma once
// A bracket [lo, hi] around a zero of f (f(lo) and f(hi) of opposite signs),
// narrowed by regula falsi with the Illinois modification: when the same end
// moves twice in a row, the other end's value is halved so that the chord
// keeps closing in on it. Callers choose the trial point (the chord's zero,
// or a bisection) and report f there.

namespace impactlab {

struct IllinoisBracket {
    double lo, hi;     // the ends
    double flo, fhi;   // f at them, of opposite signs
    int side = 0;      // the end that moved last: -1 lo, +1 hi

    // Where the chord between the ends crosses zero.
    double calcChordZero() const { return (flo * hi - fhi * lo) / (flo - fhi); }
    // Moves the end whose value has the sign of fx (f(x) = 0 counts with the
    // non-negative end) to x.
    void narrow(double x, double fx) {
        if ((fx >= 0.0) == (fhi >= 0.0)) {
            hi = x;
            fhi = fx;
            if (side > 0) flo *= 0.5;
            side = 1;
        } else {
            lo = x;
            flo = fx;
            if (side < 0) fhi *= 0.5;
            side = -1;
        }
    }
};

}  // namespace impactlab
