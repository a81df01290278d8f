#include "sim/granular/mpi/GranularDistributedComm.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "sim/granular/GranularPhases.h"

namespace impactlab::granular::mpi {

namespace {

// Message tags of the exchanges (messages of one kind between two processes
// arrive in the order sent, so a tag per kind suffices).
enum Tag : int { kTagGhosts = 10, kTagCorrections = 20, kTagVelocities = 30, kTagMigrants = 40, kTagFarMigrants = 50 };

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

// What this process sent point to point: the halo's traffic (collectives
// are few per step and counted apart in docs/benchmarks.md's cost model).
struct HaloCounter {
    double bytes = 0.0;
    double messages = 0.0;
};

// One message to and one from each neighbour, all in flight at once. With
// `recvCounts` both sides know every size and empty messages are skipped;
// without, every neighbour gets a message (maybe empty) and its size is
// probed. Received in neighbour order: deterministic whatever arrives first.
template <typename T>
std::vector<std::vector<T>> exchangeWithNeighbours(const std::vector<Neighbour>& neighbours,
                                                   const std::vector<std::vector<T>>& sends,
                                                   const std::vector<int>* recvCounts, int tag, MPI_Comm comm,
                                                   HaloCounter& counter) {
    const std::size_t n = neighbours.size();
    std::vector<std::vector<T>> recvs(n);
    std::vector<MPI_Request> requests;
    requests.reserve(2 * n);
    if (recvCounts)
        for (std::size_t k = 0; k < n; ++k) {
            if ((*recvCounts)[k] == 0) continue;
            recvs[k].resize(static_cast<std::size_t>((*recvCounts)[k]));
            requests.emplace_back();
            MPI_Irecv(recvs[k].data(), static_cast<int>(recvs[k].size() * sizeof(T)), MPI_BYTE, neighbours[k].rank,
                      tag, comm, &requests.back());
        }
    for (std::size_t k = 0; k < n; ++k) {
        if (recvCounts && sends[k].empty()) continue;
        const int bytes = static_cast<int>(sends[k].size() * sizeof(T));
        requests.emplace_back();
        MPI_Isend(sends[k].data(), bytes, MPI_BYTE, neighbours[k].rank, tag, comm, &requests.back());
        counter.bytes += bytes;
        counter.messages += 1.0;
    }
    if (!recvCounts)
        for (std::size_t k = 0; k < n; ++k) {
            MPI_Status status;
            MPI_Probe(neighbours[k].rank, tag, comm, &status);
            int bytes = 0;
            MPI_Get_count(&status, MPI_BYTE, &bytes);
            recvs[k].resize(static_cast<std::size_t>(bytes) / sizeof(T));
            MPI_Recv(recvs[k].data(), bytes, MPI_BYTE, neighbours[k].rank, tag, comm, MPI_STATUS_IGNORE);
        }
    MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
    return recvs;
}

void addTwist(Sphere& s, const Twist& d) {
    s.velocity += Vec3(d.v[0], d.v[1], d.v[2]);
    s.angularVelocity += Vec3(d.w[0], d.w[1], d.w[2]);
}

void setTwist(Sphere& s, const Twist& t) {
    s.velocity = Vec3(t.v[0], t.v[1], t.v[2]);
    s.angularVelocity = Vec3(t.w[0], t.w[1], t.w[2]);
}

// One process's share of a decomposed world: its particles first, then the
// ghosts of its neighbours' particles, neighbour by neighbour in rank order.
class DistributedStepper : public GranularStepper {
public:
    DistributedStepper(const GranularWorld& full, MPI_Comm comm, Decomposition kind) : comm_(comm) {
        MPI_Comm_rank(comm_, &rank_);
        MPI_Comm_size(comm_, &size_);
        grid_ = makeProcessGrid(full, size_, kind);
        coords_ = grid_.getCoords(rank_);
        neighbours_ = findNeighbours(grid_, rank_);
        neighbourIndex_.assign(static_cast<std::size_t>(size_), -1);
        for (std::size_t k = 0; k < neighbours_.size(); ++k) neighbourIndex_[neighbours_[k].rank] = static_cast<int>(k);
        ghostWidth_ = calcGhostWidth(full);
        world_ = full;
        world_.spheres.clear();
        for (const Sphere& s : full.spheres)
            if (grid_.findOwner(s.position) == rank_) world_.spheres.push_back(s);
        owned_ = static_cast<int>(world_.spheres.size());
        exchangeGhosts();
        halo_ = HaloCounter{};   // the report counts the steps' traffic only
    }

    StepStatistics step() override {
        GranularWorld& w = world_;
        const GranularOptions& o = w.options;
        StepStatistics local;
        phases::ContactList contacts = phases::detectContacts(w, owned_, local.maxPenetration);
        local.contacts = static_cast<int>(contacts.size());
        phases::SweepOrder order = phases::prepareContacts(w, owned_, contacts);
        // Gravity on the ghosts too: the same arithmetic as their owners'.
        phases::applyGravity(w, static_cast<int>(w.spheres.size()));
        std::optional<phases::JacobiSweeper> jacobi;
        std::optional<phases::GaussSeidelSweeper> gaussSeidel;
        if (o.sweep == SweepKind::Jacobi) jacobi.emplace(w, contacts);
        else gaussSeidel.emplace(std::move(order));
        // The global residual decides an early end only with a tolerance;
        // without one, every sweep runs and the last sweep's residual is
        // reduced once, with the step's statistics (a collective less per sweep).
        const bool mayStopEarly = o.residualTolerance > 0.0;
        double change = 0.0, residual = 0.0;
        int iterations = 0;
        for (int sweep = 0; sweep < o.maxIterations; ++sweep) {
            const std::vector<Twist> before = getGhostTwists();
            // The ghosts' velocities are exchanged between sweeps, so each
            // sweep loads and stores the world's (GaussSeidelSweeper::sweep).
            change = jacobi ? jacobi->sweep(w, contacts) : gaussSeidel->sweep(w, contacts);
            exchangeCorrections(before);
            iterations = sweep + 1;
            if (!mayStopEarly) continue;
            MPI_Allreduce(&change, &residual, 1, MPI_DOUBLE, MPI_MAX, comm_);
            if (residual <= o.residualTolerance) break;
        }
        phases::integratePositions(w, owned_);
        w.spheres.resize(owned_);   // the ghosts are rebuilt after migration
        const phases::Removed removed = phases::applyOutflow(w, owned_);
        local.discharged = removed.discharged;
        local.lost = removed.lost;
        const ProcessGrid& grid = grid_;
        const int rank = rank_;
        local.inserted = phases::advanceBoundaries(w, [&](const Vec3& x) { return grid.findOwner(x) == rank; });
        owned_ = static_cast<int>(w.spheres.size());
        migrate();
        exchangeGhosts();
        local.particles = owned_;

        // The global statistics.
        std::array<double, 5> sums{double(local.contacts), double(local.particles), double(local.inserted),
                                   double(local.discharged), double(local.lost)};
        std::array<double, 5> total{};
        MPI_Allreduce(sums.data(), total.data(), 5, MPI_DOUBLE, MPI_SUM, comm_);
        const std::array<double, 2> mine{local.maxPenetration, change};
        std::array<double, 2> most{};
        MPI_Allreduce(mine.data(), most.data(), 2, MPI_DOUBLE, MPI_MAX, comm_);
        const double deepest = most[0];
        if (!mayStopEarly) residual = most[1];
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

    // Collective: the halo traffic over `steps` steps, summed and the largest
    // of one process.
    DecompositionReport makeReport(long long steps) const {
        DecompositionReport r;
        r.description = grid_.describe();
        r.counts = grid_.counts;
        const double mine[2] = {halo_.bytes, halo_.messages};
        double sum[2] = {0.0, 0.0}, most[2] = {0.0, 0.0};
        MPI_Allreduce(mine, sum, 2, MPI_DOUBLE, MPI_SUM, comm_);
        MPI_Allreduce(mine, most, 2, MPI_DOUBLE, MPI_MAX, comm_);
        const double n = std::max(1.0, static_cast<double>(steps));
        r.haloBytesPerStep = sum[0] / n;
        r.haloMessagesPerStep = sum[1] / n;
        r.busiestHaloBytesPerStep = most[0] / n;
        r.busiestHaloMessagesPerStep = most[1] / n;
        return r;
    }

private:
    int getNeighbourCount() const { return static_cast<int>(neighbours_.size()); }

    std::vector<Twist> getGhostTwists() const {
        std::vector<Twist> t;
        t.reserve(world_.spheres.size() - owned_);
        for (std::size_t i = owned_; i < world_.spheres.size(); ++i) t.push_back(getTwist(world_.spheres[i]));
        return t;
    }

    // Own particles within the ghost width of a neighbour's box (across a
    // face, an edge or a corner) go to that neighbour as ghosts.
    void exchangeGhosts() {
        world_.spheres.resize(owned_);
        const int n = getNeighbourCount();
        sendTo_.assign(n, {});
        std::vector<std::vector<PackedSphere>> out(n);
        for (int i = 0; i < owned_; ++i) {
            const Vec3& x = world_.spheres[i].position;
            for (int k = 0; k < n; ++k)
                if (isNearNeighbour(grid_, coords_, neighbours_[k].offset, x, ghostWidth_)) {
                    sendTo_[k].push_back(i);
                    out[k].push_back(pack(world_.spheres[i]));
                }
        }
        const auto in = exchangeWithNeighbours(neighbours_, out, nullptr, kTagGhosts, comm_, halo_);
        ghostFirst_.assign(n, 0);
        ghostCount_.assign(n, 0);
        for (int k = 0; k < n; ++k) {
            ghostFirst_[k] = static_cast<int>(world_.spheres.size());
            ghostCount_[k] = static_cast<int>(in[k].size());
            for (const PackedSphere& p : in[k]) world_.spheres.push_back(unpack(p));
        }
    }

    // After a sweep: the velocity changes this process gave the ghosts go to
    // their owners, which add them neighbour by neighbour in rank order; then
    // the owners' velocities overwrite every ghost, so every process sees the
    // same velocity of a particle.
    void exchangeCorrections(const std::vector<Twist>& before) {
        const int n = getNeighbourCount();
        std::vector<std::vector<Twist>> deltas(n);
        std::vector<int> ownedSent(n);
        for (int k = 0; k < n; ++k) {
            ownedSent[k] = static_cast<int>(sendTo_[k].size());
            deltas[k].reserve(ghostCount_[k]);
            for (int g = ghostFirst_[k]; g < ghostFirst_[k] + ghostCount_[k]; ++g) {
                const Twist now = getTwist(world_.spheres[g]), was = before[g - owned_];
                Twist d{};
                for (int a = 0; a < 3; ++a) {
                    d.v[a] = now.v[a] - was.v[a];
                    d.w[a] = now.w[a] - was.w[a];
                }
                deltas[k].push_back(d);
            }
        }
        const auto corrections = exchangeWithNeighbours(neighbours_, deltas, &ownedSent, kTagCorrections, comm_, halo_);
        std::vector<std::vector<Twist>> fresh(n);
        for (int k = 0; k < n; ++k) {
            for (std::size_t j = 0; j < corrections[k].size(); ++j) addTwist(world_.spheres[sendTo_[k][j]], corrections[k][j]);
        }
        for (int k = 0; k < n; ++k) {
            fresh[k].reserve(sendTo_[k].size());
            for (int i : sendTo_[k]) fresh[k].push_back(getTwist(world_.spheres[i]));
        }
        const auto twists = exchangeWithNeighbours(neighbours_, fresh, &ghostCount_, kTagVelocities, comm_, halo_);
        for (int k = 0; k < n; ++k)
            for (std::size_t j = 0; j < twists[k].size(); ++j) setTwist(world_.spheres[ghostFirst_[k] + j], twists[k][j]);
    }

    // Own particles whose centres left the box go to the process owning
    // their new position: a neighbour, or (a particle that crossed a whole
    // box in one step) any process through an all-to-all that runs only when
    // some process needs it. Arrivals are appended in rank order.
    void migrate() {
        const int n = getNeighbourCount();
        std::vector<std::vector<PackedSphere>> toNeighbour(n);
        std::vector<std::pair<int, PackedSphere>> far;
        int kept = 0;
        for (int i = 0; i < owned_; ++i) {
            const Sphere& s = world_.spheres[i];
            const int owner = grid_.findOwner(s.position);
            if (owner == rank_) {
                if (kept != i) world_.spheres[kept] = s;
                ++kept;
            } else if (neighbourIndex_[owner] >= 0) {
                toNeighbour[neighbourIndex_[owner]].push_back(pack(s));
            } else {
                far.emplace_back(owner, pack(s));
            }
        }
        world_.spheres.resize(kept);
        const auto fromNeighbours = exchangeWithNeighbours(neighbours_, toNeighbour, nullptr, kTagMigrants, comm_, halo_);
        int farHere = static_cast<int>(far.size()), farAnywhere = 0;
        MPI_Allreduce(&farHere, &farAnywhere, 1, MPI_INT, MPI_MAX, comm_);
        if (farAnywhere == 0) {
            for (const auto& list : fromNeighbours)
                for (const PackedSphere& p : list) world_.spheres.push_back(unpack(p));
        } else {
            const std::vector<std::vector<PackedSphere>> fromFar = sendToAny(far);
            for (int r = 0; r < size_; ++r) {
                const auto& list = neighbourIndex_[r] >= 0 ? fromNeighbours[neighbourIndex_[r]] : fromFar[r];
                for (const PackedSphere& p : list) world_.spheres.push_back(unpack(p));
            }
        }
        owned_ = static_cast<int>(world_.spheres.size());
    }

    // Collective: each (rank, particle) to its rank; returns the arrivals by source rank.
    std::vector<std::vector<PackedSphere>> sendToAny(std::vector<std::pair<int, PackedSphere>> items) {
        std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        std::vector<int> sendCounts(size_, 0), recvCounts(size_), sendOffsets(size_, 0), recvOffsets(size_);
        std::vector<PackedSphere> sendBuffer;
        sendBuffer.reserve(items.size());
        for (const auto& [r, p] : items) {
            sendCounts[r] += static_cast<int>(sizeof(PackedSphere));
            sendBuffer.push_back(p);
        }
        for (int r = 1; r < size_; ++r) sendOffsets[r] = sendOffsets[r - 1] + sendCounts[r - 1];
        for (int r = 0; r < size_; ++r)
            if (sendCounts[r] > 0) {
                halo_.bytes += sendCounts[r];
                halo_.messages += 1.0;
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
        std::vector<std::vector<PackedSphere>> bySource(size_);
        for (int r = 0; r < size_; ++r) {
            const auto first = arrivals.begin() + recvOffsets[r] / static_cast<int>(sizeof(PackedSphere));
            bySource[r].assign(first, first + recvCounts[r] / static_cast<int>(sizeof(PackedSphere)));
        }
        return bySource;
    }

    MPI_Comm comm_;
    int rank_ = 0, size_ = 1;
    ProcessGrid grid_;
    std::array<int, 3> coords_{0, 0, 0};
    std::vector<Neighbour> neighbours_;      // in rank order
    std::vector<int> neighbourIndex_;        // per rank, its place in neighbours_ or -1
    double ghostWidth_ = 0.0;
    GranularWorld world_;
    int owned_ = 0;
    std::vector<std::vector<int>> sendTo_;   // per neighbour, the own particles ghosted there
    std::vector<int> ghostFirst_, ghostCount_;   // per neighbour, where its ghosts are in world_.spheres
    HaloCounter halo_;
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

std::string checkDecomposition(const GranularWorld& world, int ranks, Decomposition kind) {
    return makeProcessGrid(world, ranks, kind).describe();
}

DistributedRunResult runGranularDistributed(const GranularWorld& world, const GranularRunSettings& settings,
                                            const GranularRunCallbacks& callbacks, MPI_Comm comm, Decomposition kind) {
    world.validate();
    DistributedStepper stepper(world, comm, kind);
    DistributedRunResult r;
    static_cast<GranularRunResult&>(r) = runGranularStepper(stepper, settings, callbacks);
    r.decomposition = stepper.makeReport(r.totals.steps);
    return r;
}

DistributedRunResult runGranularDistributed(const GranularWorld& world, const GranularRunSettings& settings,
                                            const GranularRunCallbacks& callbacks, Decomposition kind) {
    return runGranularDistributed(world, settings, callbacks, MPI_COMM_WORLD, kind);
}

}  // namespace impactlab::granular::mpi
