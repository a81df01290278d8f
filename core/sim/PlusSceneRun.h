#pragma once
// A PLUS scene (scene/PlusScene.h) run: the system at the instant of impact,
// PLUS's solution with its interval trace, the compliant reference on the same
// bodies (where it has them), and the series of the paper's figures
// (Uchida, Sherman & Delp 2015; reference note B.3), computed here so the
// views only draw:
//   - tangential velocity in the (v_x, v_y) plane per contact with the
//     v_transition circle (Figs. 8, 10),
//   - accumulated impulses against the contact's accumulated normal impulse
//     (Figs. 9, 12),
//   - penetration against time from the compliant model (Fig. 13),
//   - the COR curve with v_capture, v_plastic and each contact's approach
//     speed (Fig. 2),
//   - the geometry of one interval: its tangential-velocity segment, alpha_CP
//     and alpha_DC (Figs. 4, 5),
//   - the interval table and the rounds table (Table 2),
//   - Newton's cradle's time-lapse strip (Fig. 14): frames of the balls after
//     the impact, row A compliant, B PLUS sequential, C PLUS simultaneous.
// PLUS is dashed and the compliant model solid; stars mark the end of
// compression, triangles slide-to-roll, circles and squares the totals.
#include <optional>
#include <string>
#include <vector>

#include "diagram/Figure.h"
#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceResult.h"
#include "impact/ContactSpaceTrace.h"
#include "impact/plus/PlusOptions.h"
#include "mechanics/PendulumChain.h"
#include "scene/PlusScene.h"
#include "sim/CompliantCollision.h"

namespace impactlab {

// What the 3D view draws.
struct PlusSceneShapes {
    std::vector<RigidBody> bodies;          // brick or balls at the impact (empty for the pendulum)
    Vec3 brickHalfSize = Vec3::Zero();      // m; zero unless a brick
    double sphereRadius = 0.0;              // m: vertex spheres, balls, or the pendulum's end sphere
    // The pendulum: joint positions (pivot first, free end last), world.
    std::vector<Vec3> chainJoints;
    std::vector<double> linkLengths;        // m, one per link (exact: the joints carry round-off)
    double linkRadius = 0.0;                // m
    bool hasGround = true;
};

struct PlusSceneRun {
    ContactSpaceProblem problem;
    PlusOptions options;
    std::vector<Vec3> contactPoints;        // world
    std::vector<Mat3> contactFrames;        // world columns (t1, t2, n)
    PlusSceneShapes shapes;

    ContactSpaceResult plus;
    ContactSpaceTrace trace;
    double plusMilliseconds = 0.0;          // wall time of the PLUS solve
    // Newton's cradle: PLUS with the other impact model (sequential <->
    // simultaneous), for the time-lapse's rows B and C (Fig. 14).
    std::optional<ContactSpaceResult> otherModel;
    std::optional<CompliantResult> compliant;
    double compliantMilliseconds = 0.0;
    std::string compliantSkipped;           // why there is no compliant run, if none
    // The triple pendulum released under gravity: the flight to the touch.
    double flightTime = 0.0;                // s
    double releaseEnergy = 0.0;             // J, kinetic + potential at release
    double touchEnergy = 0.0;               // J, the same at the touch (equal but for integration error)

    const std::string& getContactName(int k) const { return problem.contacts[k].name; }
    // Contact k's impulse in the world frame (for the arrows).
    Vec3 calcWorldImpulse(int k) const { return contactFrames[k] * plus.getImpulse(k); }
};

// Builds the system and runs both models. Throws InputError naming the
// scene's field when the posed system is unusable (a pendulum that cannot
// reach the ground, bodies that do not approach).
PlusSceneRun runPlusScene(const PlusScene& scene);

struct PlusFigures {
    Figure tangentialVelocity;
    Figure impulses;
    Figure penetration;
    Figure restitution;
    Figure intervalGeometry;
    Figure timeLapse;            // Newton's cradle only (Fig. 14); empty otherwise
    FigureTable intervals;
    FigureTable rounds;
};

// `selectedInterval` (1-based, 0: none) is highlighted in the trajectory and
// impulse figures; the interval geometry figure shows it for contact
// `selectedContact` (the first active sliding interval when 0 is given).
PlusFigures makePlusFigures(const PlusSceneRun& run, int selectedInterval = 0, int selectedContact = 0);

// Fig. 4/5 of one interval, for tests: the segment of the tangential velocity
// from its start to where the whole interval's impulse would take it, and the
// fractions alpha_CP (closest to the origin) and alpha_DC (direction turned by
// theta_max), each 1 when it does not bind.
struct IntervalGeometry {
    Vec2 start = Vec2::Zero();
    Vec2 fullEnd = Vec2::Zero();
    double alpha = 1.0;                     // taken
    double alphaCP = 1.0;
    double alphaDC = 1.0;
};
IntervalGeometry calcIntervalGeometry(const Vec2& start, const Vec2& end, double alpha, double thetaMax);

}  // namespace impactlab
