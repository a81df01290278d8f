#pragma once
// A PLUS scene (scene/PlusScene.h) run: the system at the instant of impact,
// PLUS's solution with its interval trace, the compliant reference on the same
// bodies (where it has them), Newton's cradle with the other impact model for
// the time-lapse, and the triple pendulum's flight from release (Uchida,
// Sherman & Delp 2015, sec. 5; reference note B.2). The paper's figures and
// tables of a run are made from it in diagram/PlusFigures.h.
#include <optional>
#include <string>
#include <vector>

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

}  // namespace impactlab
