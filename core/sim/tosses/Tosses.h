#pragma once
// Measured tosses of a rigid box onto a table (docs/experiment-format.md):
// the body, the samples, and the start state a simulation begins from.
//
// Conventions, here and nowhere else (the format's "Frames"):
//  - world (table) frame: z up, the table is the plane z = ground_z;
//  - orientation: a unit quaternion (w, x, y, z), scalar first, rotating
//    body coordinates into world coordinates;
//  - linear velocity in the world frame, angular velocity in the BODY frame
//    (the simulator's RigidBody keeps it in the world frame: toBodyState and
//    toTossState convert);
//  - SI units throughout.
// Readers throw InputError naming the file and the row or field
// ("tosses.csv: row 12 (toss 3, k 4): qw..qz: ...").
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "mechanics/Types.h"

namespace impactlab {

struct BodyState;

// The tossed body: a box (a cube in the published data).
struct TossBody {
    Vec3 halfExtents = Vec3::Constant(0.0524);   // m
    double mass = 0.37;                          // kg
    Vec3 principalInertia = Vec3::Constant(8.1e-4);   // kg m^2, about the box's axes
    double dt = 1.0 / 148.0;                     // s, sampling interval
    Vec3 gravity = Vec3(0, 0, -9.81);            // m/s^2
    double groundZ = 0.0;                        // m
    double nominalFriction = 0.18;               // for information: the authors' values
    double nominalRestitution = 0.125;

    // The scale errors are reported against: the box's width along x (2 a for a cube).
    double width() const { return 2.0 * halfExtents.x(); }
    // Centre heights above which no corner can touch the table.
    double cornerReach() const { return halfExtents.norm(); }
};

// One sample of a toss, as the format gives it.
struct TossState {
    Vec3 position = Vec3::Zero();           // m, world, the body's centre
    Quat orientation = Quat::Identity();    // body -> world
    Vec3 velocity = Vec3::Zero();           // m/s, world
    Vec3 angularVelocity = Vec3::Zero();    // rad/s, body frame
};

BodyState toBodyState(const TossState& s);   // angular velocity into the world frame
TossState toTossState(const BodyState& s);   // and back into the body frame

struct Toss {
    int id = 0;
    int group = 0;   // equal groups: one physical toss recorded twice (never split them)
    std::vector<TossState> samples;   // k = 0, 1, ...: t = k dt
};

struct TossSet {
    TossBody body;
    std::vector<Toss> tosses;
};

// A start state: what a simulation of toss `id` begins from (sample 0 of its prediction).
struct TossStart {
    int id = 0;
    TossState state;
    int startSample = 0;   // the measured sample it was taken from (-1: read from a starts file)
};

// Relative departure of |q| from 1 a measured quaternion may have (the data
// are printed to 7 digits); within it the quaternion is normalised.
inline constexpr double kQuaternionUnitRelTol = 1e-4;
// Samples before the first one that may touch the table at which a start is
// taken (the format's "sample 3 before").
inline constexpr int kStartSamplesBeforeReach = 3;

// Reads the body file (the format's "Measured tosses" JSON). `source` names it in errors.
TossBody readTossBody(const nlohmann::json& doc, const std::string& source);
// Reads the CSV text of measured tosses; every toss needs at least two
// samples, numbered k = 0, 1, ... in order.
TossSet readTosses(const std::string& csvText, const std::string& source, const TossBody& body);

// The start of a measured toss: the sample kStartSamplesBeforeReach before the
// first whose centre height is at most cornerReach(), its velocities refitted
// by a ballistic fit (constant horizontal velocity, gravity in z, constant body
// spin) to the free-flight samples up to it. Throws InputError naming the toss
// when it never comes near the table.
TossStart findTossStart(const Toss& toss, const TossBody& body, const std::string& source);

// The start-states file of the format: the body's keys and the starts.
struct TossStarts {
    TossBody body;
    int samples = 450;   // n_samples: predicted per toss
    std::vector<TossStart> starts;
};
TossStarts readTossStarts(const nlohmann::json& doc, const std::string& source);
nlohmann::json toJson(const TossStarts& starts);

}  // namespace impactlab
