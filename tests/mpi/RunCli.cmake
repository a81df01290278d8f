# impactlab-cli simulate under mpirun -np RANKS with --decomposition
# DECOMPOSITION on the settling box (216 spheres, 300 steps): exit 0, one
# summary from rank 0 that says so, every particle still there and none lost,
# and the decomposition and its halo traffic reported.
execute_process(
  COMMAND ${MPIRUN} --oversubscribe --allow-run-as-root -np ${RANKS} ${CLI} simulate ${SCENE}
          --set particles=216 --steps 300 --quiet --decomposition ${DECOMPOSITION}
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit ${rc}\nstdout: ${out}\nstderr: ${err}")
endif()
string(JSON ranks GET "${out}" ranks)
string(JSON particles GET "${out}" particles)
string(JSON lost GET "${out}" lost_particles)
string(JSON steps GET "${out}" steps)
string(JSON contacts GET "${out}" contacts_per_step)
if(NOT ranks EQUAL ${RANKS} OR NOT particles EQUAL 216 OR NOT lost EQUAL 0 OR NOT steps EQUAL 300)
  message(FATAL_ERROR "unexpected summary: ranks ${ranks}, particles ${particles}, lost ${lost}, steps ${steps}\n${out}")
endif()
# A lattice of 6^3 touching within the contact margin (spacing 1.1 d, margin
# 0.125 d) has 3 x 5 x 36 = 540 pairs plus the floor's 36: contacts are found.
if(contacts LESS 100)
  message(FATAL_ERROR "too few contacts per step (${contacts}): the run found no pile\n${out}")
endif()
string(JSON decomposition GET "${out}" decomposition)
string(JSON halo_bytes GET "${out}" halo_bytes_per_step)
string(JSON halo_messages GET "${out}" halo_messages_per_step)
string(JSON busiest_bytes GET "${out}" halo_bytes_per_step_max_rank)
if(NOT decomposition MATCHES "^${DECOMPOSITION} [0-9]+x[0-9]+x[0-9]+$")
  message(FATAL_ERROR "decomposition '${decomposition}' is not ${DECOMPOSITION} PxQxR\n${out}")
endif()
# One process sends nothing; several send every step (CMake compares the
# numbers as floating point with LESS/GREATER).
if(RANKS EQUAL 1)
  if(NOT halo_bytes EQUAL 0 OR NOT halo_messages EQUAL 0)
    message(FATAL_ERROR "one process reports halo traffic: ${halo_bytes} bytes, ${halo_messages} messages\n${out}")
  endif()
elseif(NOT halo_bytes GREATER 0 OR NOT halo_messages GREATER 0 OR NOT busiest_bytes GREATER 0
       OR busiest_bytes GREATER halo_bytes)
  message(FATAL_ERROR "no sensible halo traffic on ${RANKS} processes: ${halo_bytes} bytes (busiest ${busiest_bytes}), ${halo_messages} messages\n${out}")
endif()
message(STATUS "mpirun -np ${RANKS}, ${decomposition}: ${halo_bytes} halo bytes and ${halo_messages} messages per step")
message(STATUS "mpirun -np ${RANKS}: ${particles} particles, ${contacts} contacts per step, lost ${lost}")
