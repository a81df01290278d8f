#include "sim/granular/mpi/GranularDistributedComm.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <vector>

#include "sim/granular/GranularPhases.h"

namespace impactlab::granular::mpi {

namespace {

// Ghosts reach this much beyond the contact range (a share of the ghost
// width), so a pair exactly at the margin is never missed by round-off.
constexpr double kGhostWidthSlack = 1e-6;
// Message tags of the exchanges.
enum Tag : int { kTagGhosts = 10, kTagCorrections = 20, kTagVelocities = 30 };

// A sphere as bytes (every process of a run runs the same binary on one
// kind of machine, so the layout agrees).
struct PackedSphere {
    double position[3];
    double velocity[3];
    double angularVelocity[3];
    double orientation[4];   // w, x, y, z
    double radius;
    double mass;
    std::int64_t id;
};

PackedSphere pack(const Sphere& s) {
    PackedSphere p{};
    for (int a = 0; a < 3; ++a) {
        p.position[a] = s.position(a);
        p.velocity[a] = s.velocity(a);
        p.angularVelocity[a] = s.angularVelocity(a);
    }
    p.orientation[0] = s.orientation.w();
    p.orientation[1] = s.orientation.x();
    p.orientation[2] = s.orientation.y();
    p.orientation[3] = s.orientation.z();
    p.radius = s.radius;
    p.mass = s.mass;
    p.id = s.id;
    return p;
}

Sphere unpack(const PackedSphere& p) {
    Sphere s;
    s.position = Vec3(p.position[0], p.position[1], p.position[2]);
    s.velocity = Vec3(p.velocity[0], p.velocity[1], p.velocity[2]);
    s.angularVelocity = Vec3(p.angularVelocity[0], p.angularVelocity[1], p.angularVelocity[2]);
    s.orientation = Quat(p.orientation[0], p.orientation[1], p.orientation[2], p.orientation[3]);
    s.radius = p.radius;
    s.mass = p.mass;
    s.id = p.id;
    return s;
}

// A particle's velocity pair (v, w), for corrections and refreshes.
struct Twist {
    double v[3];
    double w[3];
};

Twist getTwist(const Sphere& s) {
    Twist t{};
    for (int a = 0; a < 3; ++a) {
        t.v[a] = s.velocity(a);
        t.w[a] = s.angularVelocity(a);
    }
    return t;
}

// Sends `send` to `dest` and receives from `source` (either MPI_PROC_NULL),
// counts first: one step of a shift along the slabs.
template <typename T>
std::vector<T> shift(const std::vector<T>& send, int dest, int source, int tag, MPI_Comm comm) {
    long long n = static_cast<long long>(send.size()), m = 0;
    MPI_Sendrecv(&n, 1, MPI_LONG_LONG, dest, tag, &m, 1, MPI_LONG_LONG, source, tag, comm, MPI_STATUS_IGNORE);
    std::vector<T> recv(static_cast<std::size_t>(m));
    MPI_Sendrecv(send.data(), static_cast<int>(n * sizeof(T)), MPI_BYTE, dest, tag + 1, recv.data(),
                 static_cast<int>(m * sizeof(T)), MPI_BYTE, source, tag + 1, comm, MPI_STATUS_IGNORE);
    return recv;
}

struct Slabs {
    double xMin = 0.0;
    double width = 1.0;
    int count = 1;

    int findOwner(double x) const {
        if (!(x == x)) return 0;   // a NaN position is lost where it is; keep it here
        const double k = std::floor((x - xMin) / width);
        return static_cast<int>(std::clamp(k, 0.0, static_cast<double>(count - 1)));
    }
    double getLow(int r) const { return xMin + r * width; }
    double getHigh(int r) const { return xMin + (r + 1) * width; }
};

double calcGhostWidth(const GranularWorld& w) {
    double maxRadius = 0.0, minRadius = std::numeric_limits<double>::max();
    for (const Sphere& s : w.spheres) {
        maxRadius = std::max(maxRadius, s.radius);
        minRadius = std::min(minRadius, s.radius);
    }
    for (const Inflow& in : w.inflows) {
        maxRadius = std::max(maxRadius, in.radius);
        minRadius = std::min(minRadius, in.radius);
    }
    if (maxRadius == 0.0) return 0.0;
    const double width = 2.0 * maxRadius + w.options.contactMarginShare * minRadius;
    return width * (1.0 + kGhostWidthSlack);
}

Slabs makeSlabs(const GranularWorld& w, int ranks) {
    Slabs s;
    s.xMin = w.bounds.min.x();
    s.count = ranks;
    s.width = (w.bounds.max.x() - w.bounds.min.x()) / ranks;
    return s;
}

// One process's share of a decomposed world: its particles first, then the
// ghosts of its neighbours' (from the left neighbour, then from the right).
class DistributedStepper : public GranularStepper {
public:
    DistributedStepper(const GranularWorld& full, MPI_Comm comm) : comm_(comm) {
        MPI_Comm_rank(comm_, &rank_);
        MPI_Comm_size(comm_, &size_);
        left_ = rank_ > 0 ? rank_ - 1 : MPI_PROC_NULL;
        right_ = rank_ + 1 < size_ ? rank_ + 1 : MPI_PROC_NULL;
        checkDecomposition(full, size_);
        slabs_ = makeSlabs(full, size_);
        ghostWidth_ = calcGhostWidth(full);
        world_ = full;
        world_.spheres.clear();
        for (const Sphere& s : full.spheres)
            if (slabs_.findOwner(s.position.x()) == rank_) world_.spheres.push_back(s);
        owned_ = static_cast<int>(world_.spheres.size());
        exchangeGhosts();
    }

    StepStatistics step() override {
        GranularWorld& w = world_;
        const GranularOptions& o = w.options;
        StepStatistics local;
        std::vector<phases::Contact> contacts = phases::detectContacts(w, owned_, local.maxPenetration);
        local.contacts = static_cast<int>(contacts.size());
        phases::prepareContacts(w, contacts);
        // Gravity on the ghosts too: the same arithmetic as their owners'.
        phases::applyGravity(w, static_cast<int>(w.spheres.size()));
        std::optional<phases::JacobiSweeper> jacobi;
        if (o.sweep == SweepKind::Jacobi) jacobi.emplace(w, contacts);
        double residual = 0.0;
        int iterations = 0;
        for (int sweep = 0; sweep < o.maxIterations; ++sweep) {
            const std::vector<Twist> before = getGhostTwists();
            const double change = jacobi ? jacobi->sweep(w, contacts) : phases::sweepGaussSeidel(w, contacts);
            exchangeCorrections(before);
            MPI_Allreduce(&change, &residual, 1, MPI_DOUBLE, MPI_MAX, comm_);
            iterations = sweep + 1;
            if (o.residualTolerance > 0.0 && residual <= o.residualTolerance) break;
        }
        phases::integratePositions(w, owned_);
        w.spheres.resize(owned_);   // the ghosts are rebuilt after migration
        const phases::Removed removed = phases::applyOutflow(w, owned_);
        local.discharged = removed.discharged;
        local.lost = removed.lost;
        const Slabs slabs = slabs_;
        const int rank = rank_;
        local.inserted =
            phases::advanceBoundaries(w, [&](const Vec3& x) { return slabs.findOwner(x.x()) == rank; });
        owned_ = static_cast<int>(w.spheres.size());
        migrate();
        exchangeGhosts();
        local.particles = owned_;

        // The global statistics.
        std::array<double, 5> sums{double(local.contacts), double(local.particles), double(local.inserted),
                                   double(local.discharged), double(local.lost)};
        std::array<double, 5> total{};
        MPI_Allreduce(sums.data(), total.data(), 5, MPI_DOUBLE, MPI_SUM, comm_);
        double deepest = 0.0;
        MPI_Allreduce(&local.maxPenetration, &deepest, 1, MPI_DOUBLE, MPI_MAX, comm_);
        StepStatistics s;
        s.contacts = static_cast<int>(total[0]);
        s.particles = static_cast<int>(total[1]);
        s.inserted = static_cast<int>(total[2]);
        s.discharged = static_cast<int>(total[3]);
        s.lost = static_cast<int>(total[4]);
        s.maxPenetration = deepest;
        s.iterations = iterations;
        s.residual = residual;
        if (o.residualTolerance > 0.0 && residual > o.residualTolerance && s.contacts > 0)
            s.status = SolveStatus::IterationLimit;
        return s;
    }

    double getTime() const override { return world_.time(); }
    double getTimeStep() const override { return world_.options.timeStep; }

    int countParticles() override {
        int total = 0;
        MPI_Allreduce(&owned_, &total, 1, MPI_INT, MPI_SUM, comm_);
        return total;
    }

    // Rank 0 gathers every process's particles, sorted by id.
    GranularFrame makeFrame(long long step) override {
        std::vector<PackedSphere> mine;
        mine.reserve(owned_);
        for (int i = 0; i < owned_; ++i) mine.push_back(pack(world_.spheres[i]));
        const int bytes = static_cast<int>(mine.size() * sizeof(PackedSphere));
        std::vector<int> counts(rank_ == 0 ? size_ : 0), displacements;
        MPI_Gather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm_);
        std::vector<PackedSphere> all;
        if (rank_ == 0) {
            displacements.assign(size_, 0);
            long long total = 0;
            for (int r = 0; r < size_; ++r) {
                displacements[r] = static_cast<int>(total);
                total += counts[r];
            }
            all.resize(static_cast<std::size_t>(total) / sizeof(PackedSphere));
        }
        MPI_Gatherv(mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), displacements.data(), MPI_BYTE, 0, comm_);
        GranularFrame f;
        f.step = step;
        f.time = world_.time();
        if (rank_ != 0) return f;
        std::sort(all.begin(), all.end(), [](const PackedSphere& a, const PackedSphere& b) { return a.id < b.id; });
        for (const PackedSphere& p : all) appendToFrame(f, unpack(p));
        return f;
    }

    bool isReporter() const override { return rank_ == 0; }

    bool shareStop(bool stop) override {
        int flag = stop ? 1 : 0;
        MPI_Bcast(&flag, 1, MPI_INT, 0, comm_);
        return flag != 0;
    }

private:
    int getGhostCount() const { return static_cast<int>(world_.spheres.size()) - owned_; }

    std::vector<Twist> getGhostTwists() const {
        std::vector<Twist> t;
        t.reserve(getGhostCount());
        for (std::size_t i = owned_; i < world_.spheres.size(); ++i) t.push_back(getTwist(world_.spheres[i]));
        return t;
    }

    // Own particles within the ghost width of the slab's faces go to the
    // neighbours as ghosts: first everyone sends right (and receives from the
    // left), then left.
    void exchangeGhosts() {
        world_.spheres.resize(owned_);
        const double lo = slabs_.getLow(rank_), hi = slabs_.getHigh(rank_);
        for (auto& list : sendTo_) list.clear();
        std::vector<PackedSphere> toLeft, toRight;
        for (int i = 0; i < owned_; ++i) {
            const double x = world_.spheres[i].position.x();
            if (left_ != MPI_PROC_NULL && x < lo + ghostWidth_) {
                sendTo_[0].push_back(i);
                toLeft.push_back(pack(world_.spheres[i]));
            }
            if (right_ != MPI_PROC_NULL && x > hi - ghostWidth_) {
                sendTo_[1].push_back(i);
                toRight.push_back(pack(world_.spheres[i]));
            }
        }
        const std::vector<PackedSphere> fromLeft = shift(toRight, right_, left_, kTagGhosts, comm_);
        const std::vector<PackedSphere> fromRight = shift(toLeft, left_, right_, kTagGhosts + 2, comm_);
        for (const PackedSphere& p : fromLeft) world_.spheres.push_back(unpack(p));
        for (const PackedSphere& p : fromRight) world_.spheres.push_back(unpack(p));
        ghostsFromLeft_ = static_cast<int>(fromLeft.size());
    }

    // After a sweep: the velocity changes this process gave the ghosts go to
    // their owners, which add them (the left neighbour's first); then the
    // owners' velocities overwrite every ghost.
    void exchangeCorrections(const std::vector<Twist>& before) {
        std::vector<Twist> ofLeftGhosts, ofRightGhosts;
        for (int g = 0; g < getGhostCount(); ++g) {
            const Twist now = getTwist(world_.spheres[owned_ + g]);
            Twist delta{};
            for (int a = 0; a < 3; ++a) {
                delta.v[a] = now.v[a] - before[g].v[a];
                delta.w[a] = now.w[a] - before[g].w[a];
            }
            (g < ghostsFromLeft_ ? ofLeftGhosts : ofRightGhosts).push_back(delta);
        }
        const std::vector<Twist> fromLeft = shift(ofRightGhosts, right_, left_, kTagCorrections, comm_);
        const std::vector<Twist> fromRight = shift(ofLeftGhosts, left_, right_, kTagCorrections + 2, comm_);
        auto add = [&](const std::vector<int>& indices, const std::vector<Twist>& deltas) {
            for (std::size_t k = 0; k < deltas.size() && k < indices.size(); ++k) {
                Sphere& s = world_.spheres[indices[k]];
                s.velocity += Vec3(deltas[k].v[0], deltas[k].v[1], deltas[k].v[2]);
                s.angularVelocity += Vec3(deltas[k].w[0], deltas[k].w[1], deltas[k].w[2]);
            }
        };
        add(sendTo_[0], fromLeft);
        add(sendTo_[1], fromRight);
        // Refresh the ghosts from their owners.
        auto twistsOf = [&](const std::vector<int>& indices) {
            std::vector<Twist> t;
            t.reserve(indices.size());
            for (int i : indices) t.push_back(getTwist(world_.spheres[i]));
            return t;
        };
        const std::vector<Twist> newLeftGhosts = shift(twistsOf(sendTo_[1]), right_, left_, kTagVelocities, comm_);
        const std::vector<Twist> newRightGhosts = shift(twistsOf(sendTo_[0]), left_, right_, kTagVelocities + 2, comm_);
        auto set = [&](int first, const std::vector<Twist>& twists) {
            for (std::size_t k = 0; k < twists.size(); ++k) {
                Sphere& s = world_.spheres[owned_ + first + static_cast<int>(k)];
                s.velocity = Vec3(twists[k].v[0], twists[k].v[1], twists[k].v[2]);
                s.angularVelocity = Vec3(twists[k].w[0], twists[k].w[1], twists[k].w[2]);
            }
        };
        set(0, newLeftGhosts);
        set(ghostsFromLeft_, newRightGhosts);
    }

    // Own particles whose centres left the slab go to the process owning
    // their new position; arrivals are appended in rank order.
    void migrate() {
        std::vector<std::vector<PackedSphere>> out(size_);
        int kept = 0;
        for (int i = 0; i < owned_; ++i) {
            const Sphere& s = world_.spheres[i];
            const int owner = slabs_.findOwner(s.position.x());
            if (owner == rank_) {
                if (kept != i) world_.spheres[kept] = s;
                ++kept;
            } else {
                out[owner].push_back(pack(s));
            }
        }
        world_.spheres.resize(kept);
        std::vector<int> sendCounts(size_), recvCounts(size_), sendOffsets(size_), recvOffsets(size_);
        std::vector<PackedSphere> sendBuffer;
        for (int r = 0; r < size_; ++r) {
            sendOffsets[r] = static_cast<int>(sendBuffer.size() * sizeof(PackedSphere));
            sendCounts[r] = static_cast<int>(out[r].size() * sizeof(PackedSphere));
            sendBuffer.insert(sendBuffer.end(), out[r].begin(), out[r].end());
        }
        MPI_Alltoall(sendCounts.data(), 1, MPI_INT, recvCounts.data(), 1, MPI_INT, comm_);
        long long total = 0;
        for (int r = 0; r < size_; ++r) {
            recvOffsets[r] = static_cast<int>(total);
            total += recvCounts[r];
        }
        std::vector<PackedSphere> arrivals(static_cast<std::size_t>(total) / sizeof(PackedSphere));
        MPI_Alltoallv(sendBuffer.data(), sendCounts.data(), sendOffsets.data(), MPI_BYTE, arrivals.data(),
                      recvCounts.data(), recvOffsets.data(), MPI_BYTE, comm_);
        for (const PackedSphere& p : arrivals) world_.spheres.push_back(unpack(p));
        owned_ = static_cast<int>(world_.spheres.size());
    }

    MPI_Comm comm_;
    int rank_ = 0, size_ = 1;
    int left_ = MPI_PROC_NULL, right_ = MPI_PROC_NULL;
    Slabs slabs_;
    double ghostWidth_ = 0.0;
    GranularWorld world_;
    int owned_ = 0;
    std::array<std::vector<int>, 2> sendTo_;   // own particles ghosted to the left [0] and right [1] neighbour
    int ghostsFromLeft_ = 0;                   // ghosts [owned_, owned_ + this) came from the left
};

void finalizeAtExit() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
}

}  // namespace

bool isLaunchedByMpi() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"})
        if (std::getenv(name)) return true;
    return false;
}

void initialize() {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (initialized) return;
    int provided = 0;
    // Only the main thread calls MPI (OpenMP threads work between the calls).
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    std::atexit(finalizeAtExit);
}

int getRank() {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int getSize() {
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

void checkDecomposition(const GranularWorld& world, int ranks) {
    if (ranks < 1) throw InputError("ranks", "must be >= 1");
    const double width = (world.bounds.max.x() - world.bounds.min.x()) / ranks;
    const double ghost = calcGhostWidth(world);
    if (!(width >= ghost))
        throw InputError("ranks", std::to_string(ranks) + " slabs of " + std::to_string(width) +
                                      " m along x are thinner than the ghost layer (" + std::to_string(ghost) +
                                      " m): use at most " + std::to_string(static_cast<int>(ranks * width / ghost)) +
                                      " processes for this scene");
}

GranularRunResult runGranularDistributed(const GranularWorld& world, const GranularRunSettings& settings,
                                         const GranularRunCallbacks& callbacks, MPI_Comm comm) {
    world.validate();
    DistributedStepper stepper(world, comm);
    return runGranularStepper(stepper, settings, callbacks);
}

GranularRunResult runGranularDistributed(const GranularWorld& world, const GranularRunSettings& settings,
                                         const GranularRunCallbacks& callbacks) {
    return runGranularDistributed(world, settings, callbacks, MPI_COMM_WORLD);
}

}  // namespace impactlab::granular::mpi
