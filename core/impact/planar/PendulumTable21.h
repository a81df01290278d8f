#pragma once
// Which cell of Cataldo & Sampaio's Table 2.1 an impact of the rigid pendulum
// on a moving surface falls in (sec. 2.9, Fig. 2.6; reference notes B1.6,
// derived vectors B2.7). The table is Poisson's restitution with Coulomb
// friction for this one-degree-of-freedom contact, whose local mass matrix is
// singular (mu_s = tan theta0):
//
//   row  v       condition                          mu < tan theta0                 mu >= tan theta0
//   1    v >= 0  e L cos(theta0) thetadot_A + v > 0  forward sliding                 forward sliding
//   2    v >= 0  e L cos(theta0) thetadot_A + v <= 0 reverse sliding in expansion    stick in expansion
//   3    v < 0   L cos(theta0) thetadot_A - v < 0    reverse sliding in compression  no solution
//   4    v < 0   L cos(theta0) thetadot_A - v >= 0   forward sliding                 no solution
//
// Conventions of the paper: theta from the downward vertical, thetadot_A < 0
// on approach (the tip moves towards the surface), the surface slides along +x
// at v; e is Poisson's e_np. The printed table is garbled; B1.6 reconstructs it
// and verifies every cell. "No solution": the compression can never end (a
// jam). The cell depends on the state before the impact only, whatever law
// then resolves it (Newton and Wang-Mason with Newton's termination may differ
// from the table's outcome: the table is Poisson's).
#include <cmath>

namespace impactlab {

struct PendulumTable21Input {
    double length = 1.0;         // m, pivot to tip
    double contactAngle = 0.0;   // rad, theta0 in (0, pi/2)
    double thetadotA = 0.0;      // rad/s, before the impact
    double surfaceSpeed = 0.0;   // m/s, v
    double friction = 0.0;       // mu
    double restitution = 0.0;    // e_np
};

struct PendulumTable21Cell {
    int row = 0;                 // 1..4, as above
    int column = 0;              // 1: mu < tan theta0; 2: mu >= tan theta0
    const char* outcome = "";    // "forward sliding", "reverse sliding in expansion", ...
    const char* condition = "";  // the row's v and condition, and the column's, as above
};

// Header-only: a few comparisons, shared by the run summaries and the tests.
inline PendulumTable21Cell findPendulumTable21Cell(const PendulumTable21Input& in) {
    // L cos(theta0) thetadot_A: the tip's horizontal velocity before the impact.
    const double tipSpeedX = in.length * std::cos(in.contactAngle) * in.thetadotA;
    const double v = in.surfaceSpeed;
    PendulumTable21Cell cell;
    cell.column = in.friction < std::tan(in.contactAngle) ? 1 : 2;
    const bool below = cell.column == 1;
    if (v >= 0.0) {
        if (in.restitution * tipSpeedX + v > 0.0) {
            cell.row = 1;
            cell.outcome = "forward sliding";
            cell.condition = below ? "v >= 0, e L cos(theta0) thetadot_A + v > 0, mu < tan(theta0)"
                                   : "v >= 0, e L cos(theta0) thetadot_A + v > 0, mu >= tan(theta0)";
        } else {
            cell.row = 2;
            cell.outcome = below ? "reverse sliding in expansion" : "stick in expansion";
            cell.condition = below ? "v >= 0, e L cos(theta0) thetadot_A + v <= 0, mu < tan(theta0)"
                                   : "v >= 0, e L cos(theta0) thetadot_A + v <= 0, mu >= tan(theta0)";
        }
    } else if (tipSpeedX - v < 0.0) {
        cell.row = 3;
        cell.outcome = below ? "reverse sliding in compression" : "no solution";
        cell.condition = below ? "v < 0, L cos(theta0) thetadot_A - v < 0, mu < tan(theta0)"
                               : "v < 0, L cos(theta0) thetadot_A - v < 0, mu >= tan(theta0)";
    } else {
        cell.row = 4;
        cell.outcome = below ? "forward sliding" : "no solution";
        cell.condition = below ? "v < 0, L cos(theta0) thetadot_A - v >= 0, mu < tan(theta0)"
                               : "v < 0, L cos(theta0) thetadot_A - v >= 0, mu >= tan(theta0)";
    }
    return cell;
}


}  // namespace impactlab
